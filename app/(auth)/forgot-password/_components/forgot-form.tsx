"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, FormError, Input } from "@/components/ui/field";
import { resetRequestBody } from "@/lib/accounts/schemas";
import { applyServerError } from "@/lib/forms/server-errors";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { useI18n } from "@/lib/i18n/provider";
import { apiFetch } from "@/lib/query/api-fetch";
import { AuthLink } from "../../_components/auth-link";

export function ForgotForm() {
  const { t, format } = useI18n();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver: localizedZodResolver(resetRequestBody, t), defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      const asked = await apiFetch<{ email: string }>("/api/auth/password-reset", { mode: "test", method: "POST", body });
      setSentTo(asked.email);
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ["email"], t));
    }
  });

  if (sentTo) {
    return (
      <div role="status">
        <h1 className="text-2xl font-bold">{t.auth.forgotSentTitle}</h1>
        <p className="mt-3 text-sm text-stone-700">{format(t.auth.forgotSent, { email: sentTo })}</p>
        <p className="mt-6 text-sm">
          <AuthLink href="/login">{t.auth.backToLogin}</AuthLink>
        </p>
      </div>
    );
  }
  return (
    <>
      <h1 className="text-2xl font-bold">{t.auth.forgotTitle}</h1>
      <p className="mt-1 text-sm text-stone-600">{t.auth.forgotIntro}</p>
      <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4">
        <FormError>{formError}</FormError>
        <Field label={t.auth.email} error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.register("email")} />
        </Field>
        <Button type="submit" loading={isSubmitting} className="mt-2 w-full">
          {t.auth.forgotSubmit}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <AuthLink href="/login">{t.auth.backToLogin}</AuthLink>
      </p>
    </>
  );
}
