"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, FormError, Input } from "@/components/ui/field";
import { resetPasswordBody } from "@/lib/accounts/schemas";
import { applyServerError } from "@/lib/forms/server-errors";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { useI18n } from "@/lib/i18n/provider";
import { ApiRequestError, apiFetch } from "@/lib/query/api-fetch";
import { AuthLink } from "../../_components/auth-link";

export function ResetForm({ token, usable }: { token: string; usable: boolean }) {
  const { t } = useI18n();
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(!token || !usable);
  const form = useForm({ resolver: localizedZodResolver(resetPasswordBody, t), defaultValues: { token, password: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await apiFetch("/api/auth/password-reset/confirm", { mode: "test", method: "POST", body });
      router.replace("/dashboard");
      router.refresh();
    } catch (error) {
      if (error instanceof ApiRequestError && error.type === "INVALID_TOKEN") return setInvalid(true);
      setFormError(applyServerError(error, form.setError, ["password"], t));
    }
  });

  if (invalid) {
    return (
      <div role="alert">
        <h1 className="text-2xl font-bold">{t.auth.resetTitle}</h1>
        <p className="mt-3 text-sm text-stone-700">{t.auth.linkInvalid}</p>
        <p className="mt-6 text-sm">
          <AuthLink href="/forgot-password">{t.auth.askNewLink}</AuthLink>
        </p>
      </div>
    );
  }
  return (
    <>
      <h1 className="text-2xl font-bold">{t.auth.resetTitle}</h1>
      <p className="mt-1 text-sm text-stone-600">{t.auth.resetIntro}</p>
      <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4">
        <FormError>{formError}</FormError>
        <Field label={t.auth.newPassword} description={t.auth.passwordHint} error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...form.register("password")} />
        </Field>
        <Button type="submit" loading={isSubmitting} className="mt-2 w-full">
          {t.auth.resetSubmit}
        </Button>
      </form>
    </>
  );
}
