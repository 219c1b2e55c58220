"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field, FormError, Input, Select } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { countries, countryCodes } from "@/lib/countries";
import { parsePhone } from "@/lib/countries/phones";
import { fill } from "@/lib/core/fill";
import { useI18n } from "@/lib/i18n/provider";
import type { Payout } from "@/lib/query/money";
import { useRedirectPayout } from "@/lib/query/sellers";
import { OperatorOptions } from "./operator-options";
import { moneyErrorMessage } from "./money";

type Values = { operator: string; phone_number: string };

/**
 * A failed seller payout sent to a corrected phone (PATCH /v1/payouts/{id}): the wallets
 * paid in the payout's currency, the seller's number typed in any form. The Idempotency-Key follows
 * the number sent (useMoneyMutation): a retry of the same one never sends it twice.
 */
export function RedirectPayoutDialog({ payout, onClose }: { payout: Payout; onClose: () => void }) {
  const { t } = useI18n();
  const w = t.sellers.payouts;
  const notify = useToast();
  const redirect = useRedirectPayout();
  const [error, setError] = useState<string | null>(null);
  const payable = countryCodes.filter((c) => countries[c].currency === payout.currency);
  const form = useForm<Values>({ defaultValues: { operator: payout.operator, phone_number: "" } });

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const country = payable.find((c) => Object.hasOwn(countries[c].operators, values.operator));
    const phone = country ? parsePhone(values.phone_number, country) : null;
    if (!phone) return form.setError("phone_number", { message: w.phoneInvalid });
    try {
      await redirect.mutateAsync({ id: payout.id, operator: values.operator, phone_number: phone.digits });
      notify(w.done);
      onClose();
    } catch (e) {
      setError(moneyErrorMessage(e, t));
    }
  });

  return (
    <Dialog open onClose={onClose} title={w.redirectTitle} description={w.redirectIntro} closeLabel={t.common.close} dismissible={!redirect.isPending}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label={w.operator} description={fill(w.currencyInvalid, { currency: payout.currency })}>
          <Select {...form.register("operator")}>
            <OperatorOptions countryCodes={payable} />
          </Select>
        </Field>
        <Field label={w.phone} description={w.linkHint} error={form.formState.errors.phone_number?.message}>
          <Input type="tel" inputMode="tel" autoComplete="off" {...form.register("phone_number")} />
        </Field>
        <FormError>{error}</FormError>
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={redirect.isPending}>
            {t.common.cancel}
          </Button>
          <Button type="submit" loading={redirect.isPending}>
            {w.confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
