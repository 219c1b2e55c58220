"use client";

import { useMemo, useState } from "react";
import { Field, Input, Select } from "@/components/ui/field";
import { signupBody } from "@/lib/accounts/schemas";
import { countries, countryCodes } from "@/lib/countries";
import { useI18n } from "@/lib/i18n/provider";
import { apiFetch } from "@/lib/query/api-fetch";
import { AuthForm, AuthNotice, useAuthForm } from "../../_components/auth-form";

/** The form, then "check your inbox": the same answer whether or not the address has an account. */
export function SignupForm() {
  const { t, lang, fill } = useI18n();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const auth = useAuthForm(
    signupBody,
    { email: "", password: "", business_name: "", country: "CMR" as const },
    ["email", "password", "business_name", "country"],
    // the login keeps the language the sign-up was shown in (the browser's, or the one chosen): the dashboard opens in it
    async (body) => setSentTo((await apiFetch<{ email: string }>("/api/auth/signup", { mode: "test", method: "POST", body: { ...body, language: lang } })).email),
  );
  const { form, errors } = auth;

  // Country names in the dashboard's language, sorted as a merchant would look for them.
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([lang], { type: "region" });
    return countryCodes
      .map((code) => ({ code, name: names.of(countries[code].iso2) ?? countries[code].name, currency: countries[code].currency }))
      .sort((a, b) => a.name.localeCompare(b.name, lang));
  }, [lang]);

  if (sentTo) {
    return (
      <AuthNotice role="status" title={t.auth.signupSentTitle}>
        <p className="mt-3 text-sm text-stone-700">{fill(t.auth.signupSent, { email: sentTo })}</p>
        <p className="mt-2 text-sm text-stone-600">{t.auth.signupSentHint}</p>
      </AuthNotice>
    );
  }

  return (
    <AuthForm title={t.auth.signupTitle} intro={t.auth.signupIntro} auth={auth} submitLabel={t.auth.signup} footer={{ question: t.auth.haveAccount, href: "/login", link: t.auth.toLogin }}>
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
    </AuthForm>
  );
}
