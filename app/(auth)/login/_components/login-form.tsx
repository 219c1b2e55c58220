"use client";

import { Field, Input } from "@/components/ui/field";
import { loginBody } from "@/lib/accounts/schemas";
import { useI18n } from "@/lib/i18n/provider";
import { apiFetch } from "@/lib/query/api-fetch";
import { AuthForm, useAuthForm } from "../../_components/auth-form";
import { AuthLink } from "../../_components/auth-link";

/** `removed`: the session ended because an owner removed the member from the account; the form says so first. */
export function LoginForm({ next, removed = false }: { next: string; removed?: boolean }) {
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
      {removed && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="removed-notice">
          {t.access.removed}
        </p>
      )}
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
