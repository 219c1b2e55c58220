import type { Metadata } from "next";
import { dictionaryOf } from "@/lib/i18n";
import { redirect } from "next/navigation";
import { endedSessionReason, readDashboardSession, readLang } from "@/lib/server/dashboard-session";
import { LoginForm } from "./_components/login-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: dictionaryOf(await readLang()).auth.loginTitle };
}

// /login — email and password; a merchant already signed in goes straight to the dashboard.
export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const { account } = await readDashboardSession();
  const { next } = await searchParams;
  const target = next?.startsWith("/dashboard") ? next : "/dashboard";
  if (account) redirect(target);
  // a member an owner removed lands here: say why, rather than a bare login form
  const removed = (await endedSessionReason()) === "removed";
  return <LoginForm next={target} removed={removed} />;
}
