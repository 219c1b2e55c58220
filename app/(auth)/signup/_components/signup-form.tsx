"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { Field, FormError, Input, Select } from "@/components/ui/field";
import { SecretOnce } from "@/components/ui/secret-once";
import { signupBody } from "@/lib/accounts/schemas";
import { countries, countryCodes } from "@/lib/countries";
import { applyServerError } from "@/lib/forms/server-errors";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { useI18n } from "@/lib/i18n/provider";
import { apiFetch } from "@/lib/query/api-fetch";

type SignedUp = { account_id: string; email: string; api_key: string };

export function SignupForm() {
  const { t, lang } = useI18n();
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ key: string; business: string } | null>(null);
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
      const account = await apiFetch<SignedUp>("/api/auth/signup", { mode: "test", method: "POST", body });
      setCreated({ key: account.api_key, business: body.business_name });
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ["email", "password", "business_name", "country"], t));
      if ((error as { type?: string }).type === "EMAIL_TAKEN") {
        form.setError("email", { type: "server", message: t.errors.EMAIL_TAKEN }, { shouldFocus: true });
        setFormError(null);
      }
    }
  });

  if (created) return <ShowKeyOnce apiKey={created.key} business={created.business} />;

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

/** The test key, once: copy it, tick "I saved it", then enter the dashboard. */
function ShowKeyOnce({ apiKey, business }: { apiKey: string; business: string }) {
  const { t, format } = useI18n();
  const router = useRouter();
  return (
    <div>
      <p className="text-sm font-medium text-teal-800">{format(t.auth.welcome, { name: business })}</p>
      <h1 className="mt-1 text-2xl font-bold">{t.auth.keyTitle}</h1>
      <p className="mt-2 text-sm text-stone-600">{t.auth.keyIntro}</p>
      <SecretOnce
        label={t.auth.keyLabel}
        labelClassName="mt-5 block text-sm font-medium"
        value={apiKey}
        testId="new-api-key"
        savedLabel={t.auth.keySaved}
      >
        {(saved) => (
          <Button
            className="mt-6 w-full"
            disabled={!saved}
            onClick={() => {
              router.replace("/dashboard");
              router.refresh();
            }}
          >
            {t.auth.keyContinue}
          </Button>
        )}
      </SecretOnce>
    </div>
  );
}
