"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { Field, FormError, Input } from "@/components/ui/field";
import { loginBody } from "@/lib/accounts/schemas";
import { applyServerError } from "@/lib/forms/server-errors";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { useI18n } from "@/lib/i18n/provider";
import { apiFetch } from "@/lib/query/api-fetch";

export function LoginForm({ next }: { next: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ resolver: localizedZodResolver(loginBody, t), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await apiFetch("/api/auth/login", { mode: "test", method: "POST", body });
      router.replace(next);
      router.refresh();
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ["email", "password"], t));
    }
  });

  return (
    <>
      <h1 className="text-2xl font-bold">{t.auth.loginTitle}</h1>
      <p className="mt-1 text-sm text-stone-600">{t.auth.loginIntro}</p>
      <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4">
        <FormError>{formError}</FormError>
        <Field label={t.auth.email} error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.register("email")} />
        </Field>
        <Field label={t.auth.password} error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register("password")} />
        </Field>
        <p className="-mt-2 text-right text-sm">
          <Link href="/forgot-password" className={cn("rounded font-medium text-teal-800 underline underline-offset-2", focusRing)}>
            {t.auth.forgotLink}
          </Link>
        </p>
        <Button type="submit" loading={isSubmitting} className="mt-2 w-full">
          {t.auth.login}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-600">
        {t.auth.noAccount}{" "}
        <Link href="/signup" className={cn("rounded font-medium text-teal-800 underline underline-offset-2", focusRing)}>
          {t.auth.toSignup}
        </Link>
      </p>
    </>
  );
}
