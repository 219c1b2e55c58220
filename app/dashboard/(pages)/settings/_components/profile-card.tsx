"use client";

import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, FormError, Input, Select } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { accountUpdateBody } from "@/lib/accounts/team-schemas";
import { countries, countryCodes } from "@/lib/countries";
import { applyServerError } from "@/lib/forms/server-errors";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { useI18n } from "@/lib/i18n/provider";
import { useAccount } from "@/lib/query/account";
import { useMayUse, useRole } from "@/lib/query/role";
import { useUpdateAccount } from "@/lib/query/team";
import type { Account } from "@/lib/query/types";
import { QueryList } from "../../_components/query-list";

const fields = ["business_name", "country", "support_email", "support_phone"] as const;

/** The business profile: admins and owners change it; others read it. */
export function ProfileCard() {
  const { t } = useI18n();
  const account = useAccount();
  return (
    <Card title={t.team.settings.profile}>
      <p className="mb-4 text-sm text-stone-600">{t.team.settings.profileIntro}</p>
      <QueryList query={account} items={account.data ? [account.data] : undefined} loading={t.common.loading} rows={4}>
        {([current]) => <ProfileForm account={current!} />}
      </QueryList>
    </Card>
  );
}

function ProfileForm({ account }: { account: Account }) {
  const { t, lang, fill } = useI18n();
  const words = t.team.settings;
  const canEdit = useMayUse("account_update");
  const role = useRole();
  const update = useUpdateAccount();
  const notify = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: localizedZodResolver(accountUpdateBody, t),
    defaultValues: {
      business_name: account.business_name,
      country: account.country.iso_code as (typeof countryCodes)[number],
      support_email: account.support_email,
      support_phone: account.support_phone,
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  // the countries of the account's currency, in the reader's language
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([lang], { type: "region" });
    return countryCodes
      .filter((code) => countries[code].currency === account.currency)
      .map((code) => ({ code, name: names.of(countries[code].iso2) ?? countries[code].name }))
      .sort((a, b) => a.name.localeCompare(b.name, lang));
  }, [lang, account.currency]);

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(body);
      form.reset({ ...body, support_email: saved.support_email, support_phone: saved.support_phone });
      notify(words.profileSaved);
    } catch (error) {
      setFormError(applyServerError(error, form.setError, fields, t));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-xl flex-col gap-4">
      {!canEdit && <p className="rounded-md bg-stone-100 px-3 py-2 text-sm text-stone-700">{fill(t.team.readOnly, { role: t.team.roles[role] })}</p>}
      <FormError>{formError}</FormError>
      <fieldset disabled={!canEdit} className="flex flex-col gap-4">
        <Field label={words.businessName} error={errors.business_name?.message}>
          <Input autoComplete="organization" {...form.register("business_name")} />
        </Field>
        <Field label={words.country} description={fill(words.countryHint, { currency: account.currency })} error={errors.country?.message}>
          <Select {...form.register("country")}>
            {options.map((o) => (
              <option key={o.code} value={o.code}>
                {o.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={words.supportEmail} description={words.supportEmailHint} error={errors.support_email?.message}>
          <Input type="email" autoComplete="email" {...form.register("support_email")} />
        </Field>
        <Field label={words.supportPhone} description={words.supportPhoneHint} error={errors.support_phone?.message}>
          <Input type="tel" autoComplete="tel" {...form.register("support_phone")} />
        </Field>
      </fieldset>
      {canEdit && (
        <div>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {words.saveProfile}
          </Button>
        </div>
      )}
    </form>
  );
}
