import { tokenUsable } from "@/lib/accounts/email-tokens";
import { titled } from "@/lib/server/dashboard-session";
import { ConfirmSignup } from "./_components/confirm-signup";

export const generateMetadata = () => titled((t) => t.auth.confirmTitle);

// /signup/confirm?token=… — the mailed sign-up link. A button spends it (a mail scanner that
// follows links does not), then the test API key is shown once. A link already used or expired
// says so at once (checking does not spend it).
export default async function ConfirmSignupPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  const text = typeof token === "string" ? token : "";
  return <ConfirmSignup token={text} usable={await tokenUsable("signup", text)} />;
}
