import { titled } from "@/lib/server/dashboard-session";
import { ForgotForm } from "./_components/forgot-form";

export const generateMetadata = () => titled((t) => t.auth.forgotTitle);

// /forgot-password — an address; a reset link is mailed when it has an account (the page says the same either way).
export default function ForgotPasswordPage() {
  return <ForgotForm />;
}
