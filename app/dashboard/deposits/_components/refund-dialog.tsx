"use client";

import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field, FormError, Input, Textarea } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { parseAmountInput } from "@/lib/forms/amount-input";
import { format } from "@/lib/i18n/format";
import { decimalsOf, formatMoney } from "@/lib/i18n/numbers";
import { useI18n } from "@/lib/i18n/provider";
import { useCreateRefund } from "@/lib/query/money";
import type { Deposit } from "@/lib/query/types";
import { moneyErrorMessage, phoneText } from "../../_components/money";

type Values = { how: "full" | "partial"; amount: string; reason: string };

/** Full (what remains) or partial, then a confirmation naming the amount and the phone. */
export function RefundDialog({ deposit, remaining, onClose }: { deposit: Deposit; remaining: number; onClose: () => void }) {
  const { t, lang } = useI18n();
  const w = t.money.refund;
  const notify = useToast();
  const refund = useCreateRefund();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [checked, setChecked] = useState<{ amount: number; partial: boolean; reason: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const money = (minor: number) => formatMoney(minor, deposit.currency, lang);
  const form = useForm<Values>({ defaultValues: { how: "full", amount: "", reason: "" } });
  const how = useWatch({ control: form.control, name: "how" });

  const review = form.handleSubmit((values) => {
    if (values.how === "full") return setChecked({ amount: remaining, partial: false, reason: values.reason.trim() });
    const amount = parseAmountInput(values.amount, decimalsOf(deposit.currency));
    if (amount === null || amount < 1 || amount > remaining) {
      form.setError("amount", { message: format(w.amountInvalid, { max: money(remaining) }) });
      return;
    }
    setChecked({ amount, partial: amount < remaining, reason: values.reason.trim() });
  });

  const confirm = async () => {
    if (!checked) return;
    setError(null);
    try {
      // a full refund names no amount: the API refunds exactly what remains at that moment
      const body = { track_id: deposit.track_id, reason: checked.reason, ...(checked.partial ? { amount: checked.amount } : {}) };
      await refund.mutateAsync({ body, idempotencyKey });
      notify(w.done);
      onClose();
    } catch (e) {
      setError(moneyErrorMessage(e, t));
    }
  };

  return (
    <Dialog open onClose={onClose} title={checked ? w.confirmTitle : w.title} description={checked ? undefined : w.intro} closeLabel={t.common.close} dismissible={!refund.isPending}>
      {checked ? (
        <>
          <p className="text-sm break-words text-stone-800" data-testid="refund-summary">
            {format(w.confirmText, { amount: money(checked.amount), phone: phoneText(deposit.phone_number) })}
          </p>
          <div className="mt-3">
            <FormError>{error}</FormError>
          </div>
          <DialogActions>
            <Button variant="secondary" onClick={() => setChecked(null)} disabled={refund.isPending}>
              {w.back}
            </Button>
            <Button variant="danger" loading={refund.isPending} onClick={() => void confirm()}>
              {format(w.confirm, { amount: money(checked.amount) })}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={review} noValidate className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-stone-800">{w.amount}</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" value="full" className="size-4 accent-teal-700" {...form.register("how")} />
              {format(w.full, { amount: money(remaining) })}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" value="partial" className="size-4 accent-teal-700" {...form.register("how")} />
              {w.partial}
            </label>
          </fieldset>
          {how === "partial" && (
            <Field label={`${w.amount} (${deposit.currency})`} description={format(w.amountHint, { max: money(remaining) })} error={form.formState.errors.amount?.message}>
              <Input inputMode="decimal" autoComplete="off" className="tabular-nums" {...form.register("amount")} />
            </Field>
          )}
          <Field label={w.reason} description={w.reasonHint}>
            <Textarea maxLength={500} {...form.register("reason")} />
          </Field>
          <DialogActions>
            <Button variant="secondary" onClick={onClose}>
              {t.common.cancel}
            </Button>
            <Button type="submit">{w.review}</Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
