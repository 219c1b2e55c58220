import { tokenUsable } from "@/lib/accounts/email-tokens";
import { titled } from "@/lib/server/dashboard-session";
import { ResetForm } from "./_components/reset-form";

export const generateMetadata = () => titled((t) => t.auth.resetTitle);

// /reset-password?token=… — the mailed link: a new password, then the dashboard (every other session
// ends). A link already used or expired says so at once, not after a new password was typed.
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  const text = typeof token === "string" ? token : "";
  return <ResetForm token={text} usable={await tokenUsable("password_reset", text)} />;
}
