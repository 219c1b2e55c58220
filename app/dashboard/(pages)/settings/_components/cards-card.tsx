"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, FormError, Input } from "@/components/ui/field";
import { Switch } from "@/components/ui/switch";
import { useToast } from "@/components/ui/toast";
import { accountUpdateBody } from "@/lib/accounts/team-schemas";
import type { CardFeeRule } from "@/lib/core/cards";
import { applyServerError } from "@/lib/forms/server-errors";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { useI18n } from "@/lib/i18n/provider";
import { useAccount } from "@/lib/query/account";
import { useMayUse } from "@/lib/query/role";
import { useUpdateAccount } from "@/lib/query/team";
import type { Account } from "@/lib/query/types";
import { QueryList } from "../../_components/query-list";

const fields = ["cards_enabled", "card_fee_rule", "card_surcharge_percent"] as const;

/** Card payments: offered or not, and who bears the card fee (PATCH /v1/account). */
export function CardsCard() {
  const { t } = useI18n();
  const account = useAccount();
  return (
    <Card title={t.team.settings.cards}>
      <p className="mb-4 max-w-xl text-sm text-stone-600">{t.team.settings.cardsIntro}</p>
      <QueryList query={account} items={account.data ? [account.data] : undefined} loading={t.common.loading} rows={3}>
        {([current]) => <CardsForm account={current!} />}
      </QueryList>
    </Card>
  );
}

function CardsForm({ account }: { account: Account }) {
  const { t } = useI18n();
  const words = t.team.settings;
  const canEdit = useMayUse("account_update");
  const update = useUpdateAccount();
  const notify = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: localizedZodResolver(accountUpdateBody, t),
    defaultValues: {
      cards_enabled: account.cards.enabled,
      card_fee_rule: account.cards.fee_rule as CardFeeRule,
      card_surcharge_percent: account.cards.surcharge_percent,
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const [enabled, rule] = [form.watch("cards_enabled"), form.watch("card_fee_rule")];

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(body);
      form.reset({ cards_enabled: saved.cards.enabled, card_fee_rule: saved.cards.fee_rule, card_surcharge_percent: saved.cards.surcharge_percent });
      notify(words.cardsSaved);
    } catch (error) {
      setFormError(applyServerError(error, form.setError, fields, t));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-xl flex-col gap-4" data-testid="cards-settings">
      <FormError>{formError}</FormError>
      <fieldset disabled={!canEdit} className="flex flex-col gap-4">
        <div className="flex items-start justify-between gap-4">
          <div>
            <label htmlFor="cards-enabled" className="font-medium text-stone-900">
              {words.cardsEnabled}
            </label>
            <p id="cards-enabled-hint" className="text-sm text-stone-600">
              {words.cardsUnavailable}
            </p>
          </div>
          <Switch
            id="cards-enabled"
            aria-describedby="cards-enabled-hint"
            checked={Boolean(enabled)}
            disabled={!canEdit}
            onChange={(on) => form.setValue("cards_enabled", on, { shouldDirty: true })}
          />
        </div>
        {enabled && (
          <>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-stone-900">{words.cardFeeRule}</legend>
              {(["merchant", "buyer"] as const).map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm text-stone-800">
                  <input type="radio" value={value} {...form.register("card_fee_rule")} />
                  {value === "merchant" ? words.cardFeeMerchant : words.cardFeeBuyer}
                </label>
              ))}
            </fieldset>
            {rule === "buyer" && (
              <Field label={words.cardSurcharge} description={words.cardSurchargeHint} error={errors.card_surcharge_percent?.message}>
                <Input inputMode="decimal" className="max-w-32" {...form.register("card_surcharge_percent")} />
              </Field>
            )}
          </>
        )}
      </fieldset>
      {canEdit && (
        <div>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {words.saveCards}
          </Button>
        </div>
      )}
    </form>
  );
}
