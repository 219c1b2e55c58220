import type { Metadata } from "next";
import { dictionaryOf } from "@/lib/i18n";
import { readLang } from "@/lib/server/dashboard-session";
import { SignupForm } from "./_components/signup-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: dictionaryOf(await readLang()).auth.signupTitle };
}

// /signup — email, password, business name, country; then the test API key, shown once.
export default function SignupPage() {
  return <SignupForm />;
}
