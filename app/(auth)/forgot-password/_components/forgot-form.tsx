"use client";

import { useState } from "react";
import { Field, Input } from "@/components/ui/field";
import { resetRequestBody } from "@/lib/accounts/schemas";
import { useI18n } from "@/lib/i18n/provider";
import { apiFetch } from "@/lib/query/api-fetch";
import { AuthForm, AuthNotice, useAuthForm } from "../../_components/auth-form";
import { AuthLink } from "../../_components/auth-link";

export function ForgotForm() {
  const { t, fill } = useI18n();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const auth = useAuthForm(resetRequestBody, { email: "" }, ["email"], async (body) =>
    setSentTo((await apiFetch<{ email: string }>("/api/auth/password-reset", { mode: "test", method: "POST", body })).email),
  );
  const { form, errors } = auth;

  if (sentTo) {
    return (
      <AuthNotice role="status" title={t.auth.forgotSentTitle}>
        <p className="mt-3 text-sm text-stone-700">{fill(t.auth.forgotSent, { email: sentTo })}</p>
        <p className="mt-6 text-sm">
          <AuthLink href="/login">{t.auth.backToLogin}</AuthLink>
        </p>
      </AuthNotice>
    );
  }
  return (
    <AuthForm title={t.auth.forgotTitle} intro={t.auth.forgotIntro} auth={auth} submitLabel={t.auth.forgotSubmit} footer={{ href: "/login", link: t.auth.backToLogin }}>
      <Field label={t.auth.email} error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register("email")} />
      </Field>
    </AuthForm>
  );
}
