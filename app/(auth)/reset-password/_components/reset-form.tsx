"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Field, Input } from "@/components/ui/field";
import { resetPasswordBody } from "@/lib/accounts/schemas";
import { useI18n } from "@/lib/i18n/provider";
import { ApiRequestError, apiFetch } from "@/lib/query/api-fetch";
import { AuthForm, AuthNotice, useAuthForm } from "../../_components/auth-form";
import { AuthLink } from "../../_components/auth-link";

export function ResetForm({ token, usable }: { token: string; usable: boolean }) {
  const { t } = useI18n();
  const router = useRouter();
  const [invalid, setInvalid] = useState(!token || !usable);
  // a spent or unknown link: the page says so instead of the form
  const spent = (error: unknown) => {
    if (!(error instanceof ApiRequestError && error.type === "INVALID_TOKEN")) return false;
    setInvalid(true);
    return true;
  };
  const auth = useAuthForm(
    resetPasswordBody,
    { token, password: "" },
    ["password"],
    async (body) => {
      await apiFetch("/api/auth/password-reset/confirm", { mode: "test", method: "POST", body });
      router.replace("/dashboard");
      router.refresh();
    },
    spent,
  );
  const { form, errors } = auth;

  if (invalid) {
    return (
      <AuthNotice role="alert" title={t.auth.resetTitle}>
        <p className="mt-3 text-sm text-stone-700">{t.auth.linkInvalid}</p>
        <p className="mt-6 text-sm">
          <AuthLink href="/forgot-password">{t.auth.askNewLink}</AuthLink>
        </p>
      </AuthNotice>
    );
  }
  return (
    <AuthForm title={t.auth.resetTitle} intro={t.auth.resetIntro} auth={auth} submitLabel={t.auth.resetSubmit}>
      <Field label={t.auth.newPassword} description={t.auth.passwordHint} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register("password")} />
      </Field>
    </AuthForm>
  );
}
