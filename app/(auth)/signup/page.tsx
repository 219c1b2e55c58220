import type { Metadata } from "next";
import { SignupForm } from "./_components/signup-form";

export const metadata: Metadata = { title: "Créer un compte" };

// /signup — email, password, business name, country; then the test API key, shown once.
export default function SignupPage() {
  return <SignupForm />;
}
