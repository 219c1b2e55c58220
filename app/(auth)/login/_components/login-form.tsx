"use client";

import { Field, Input } from "@/components/ui/field";
import { loginBody } from "@/lib/accounts/schemas";
import { useI18n } from "@/lib/i18n/provider";
import { apiFetch } from "@/lib/query/api-fetch";
import { AuthForm, useAuthForm } from "../../_components/auth-form";
import { AuthLink } from "../../_components/auth-link";

export function LoginForm({ next }: { next: string }) {
  const { t } = useI18n();
  const auth = useAuthForm(loginBody, { email: "", password: "" }, ["email", "password"], async (body) => {
    await apiFetch("/api/auth/login", { mode: "test", method: "POST", body });
    // a full load: the dashboard's layout decides where the member lands (a cashier: the counter),
    // and a server redirect inside a client-side navigation left a blank page
    window.location.replace(next);
  });
  const { form, errors } = auth;

  return (
    <AuthForm title={t.auth.loginTitle} intro={t.auth.loginIntro} auth={auth} submitLabel={t.auth.login} footer={{ question: t.auth.noAccount, href: "/signup", link: t.auth.toSignup }}>
      <Field label={t.auth.email} error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register("email")} />
      </Field>
      <Field label={t.auth.password} error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register("password")} />
      </Field>
      <p className="-mt-2 text-right text-sm">
        <AuthLink href="/forgot-password">{t.auth.forgotLink}</AuthLink>
      </p>
    </AuthForm>
  );
}
