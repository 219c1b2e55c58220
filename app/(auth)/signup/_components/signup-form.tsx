"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { Field, FormError, Input, Select } from "@/components/ui/field";
import { signupBody } from "@/lib/accounts/schemas";
import { countries, countryCodes } from "@/lib/countries";
import { applyServerError } from "@/lib/forms/server-errors";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { useI18n } from "@/lib/i18n/provider";
import { apiFetch } from "@/lib/query/api-fetch";

/** The form, then "check your inbox": the same answer whether or not the address has an account. */
export function SignupForm() {
  const { t, lang, format } = useI18n();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    resolver: localizedZodResolver(signupBody, t),
    defaultValues: { email: "", password: "", business_name: "", country: "CMR" as const },
  });
  const { errors, isSubmitting } = form.formState;

  // Country names in the dashboard's language, sorted as a merchant would look for them.
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([lang], { type: "region" });
    return countryCodes
      .map((code) => ({ code, name: names.of(countries[code].iso2) ?? countries[code].name, currency: countries[code].currency }))
      .sort((a, b) => a.name.localeCompare(b.name, lang));
  }, [lang]);

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      const asked = await apiFetch<{ email: string }>("/api/auth/signup", { mode: "test", method: "POST", body });
      setSentTo(asked.email);
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ["email", "password", "business_name", "country"], t));
    }
  });

  if (sentTo) {
    return (
      <div role="status">
        <h1 className="text-2xl font-bold">{t.auth.signupSentTitle}</h1>
        <p className="mt-3 text-sm text-stone-700">{format(t.auth.signupSent, { email: sentTo })}</p>
        <p className="mt-2 text-sm text-stone-600">{t.auth.signupSentHint}</p>
      </div>
    );
  }

  return (
    <>
      <h1 className="text-2xl font-bold">{t.auth.signupTitle}</h1>
      <p className="mt-1 text-sm text-stone-600">{t.auth.signupIntro}</p>
      <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4">
        <FormError>{formError}</FormError>
        <Field label={t.auth.businessName} error={errors.business_name?.message}>
          <Input autoComplete="organization" {...form.register("business_name")} />
        </Field>
        <Field label={t.auth.email} error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.register("email")} />
        </Field>
        <Field label={t.auth.password} description={t.auth.passwordHint} error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...form.register("password")} />
        </Field>
        <Field label={t.auth.country} description={t.auth.countryHint} error={errors.country?.message}>
          <Select {...form.register("country")}>
            {options.map((o) => (
              <option key={o.code} value={o.code}>
                {o.name} ({o.currency})
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" loading={isSubmitting} className="mt-2 w-full">
          {t.auth.signup}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-600">
        {t.auth.haveAccount}{" "}
        <Link href="/login" className={cn("rounded font-medium text-teal-800 underline underline-offset-2", focusRing)}>
          {t.auth.toLogin}
        </Link>
      </p>
    </>
  );
}
