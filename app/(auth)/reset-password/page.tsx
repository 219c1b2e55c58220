import { titled } from "@/lib/server/dashboard-session";
import { ResetForm } from "./_components/reset-form";

export const generateMetadata = () => titled((t) => t.auth.resetTitle);

// /reset-password?token=… — the mailed link: a new password, then the dashboard (every other session ends).
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  return <ResetForm token={typeof token === "string" ? token : ""} />;
}
