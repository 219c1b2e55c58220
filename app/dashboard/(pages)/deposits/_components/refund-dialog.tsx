"use client";

import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field, FormError, Input, Textarea } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { amountMessage, parseAmountInput } from "@/lib/forms/amount-input";
import { fill } from "@/lib/core/fill";
import { formatMoney } from "@/lib/core/money";
import { useI18n } from "@/lib/i18n/provider";
import type { SellerShareMode } from "@/lib/core/ledger-kinds";
import { useCreateRefund } from "@/lib/query/money";
import { useRefundPreview, type RefundPreview } from "@/lib/query/sellers";
import type { DepositListItem } from "@/lib/query/types";
import { moneyErrorMessage, phoneText, useAvailable, WhatItTakes } from "../../_components/money";

type Values = { how: "full" | "partial"; amount: string; reason: string };
type Checked = { amount: number; partial: boolean; reason: string };

/**
 * Full (what remains) or partial, then a confirmation naming the amount and the phone, the available
 * balance and what the refund takes from it. A marketplace sale's refund also says who pays the
 * seller's part before the merchant confirms: the API's preview of each `seller_share` for
 * this amount (GET /v1/refunds/preview), never our own sums. After a refusal, « Modifier » and a
 * corrected amount send a new request (its own Idempotency-Key, useMoneyMutation).
 */
export function RefundDialog({ deposit, remaining, onClose }: { deposit: DepositListItem; remaining: number; onClose: () => void }) {
  const { t, lang } = useI18n();
  const w = t.money.refund;
  const notify = useToast();
  const refund = useCreateRefund();
  const [checked, setChecked] = useState<Checked | null>(null);
  const [chosen, setChosen] = useState<SellerShareMode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const money = (minor: number) => formatMoney(minor, deposit.currency, lang);
  const form = useForm<Values>({ defaultValues: { how: "full", amount: "", reason: "" } });
  const [how, typed] = useWatch({ control: form.control, name: ["how", "amount"] });
  const marketplace = deposit.marketplace_gateway_id !== null;
  const typedAmount = parseAmountInput(typed, deposit.currency);
  const asked = checked ? (checked.partial ? checked.amount : null) : how === "partial" ? typedAmount : null;
  const askable = asked === null || (asked >= 1 && asked <= remaining);
  const preview = useRefundPreview(deposit.track_id, askable ? asked : null, marketplace && (how === "full" || askable));
  const options = preview.data?.options ?? [];
  const mode = chosen && options.find((o) => o.seller_share === chosen)?.allowed ? chosen : preview.data?.default_seller_share ?? null;
  const option = options.find((o) => o.seller_share === mode);
  // the confirmation shows the preview of the amount confirmed, never the last one kept while it loads
  const confirmed = preview.isPlaceholderData ? undefined : option;
  const available = useAvailable(deposit.currency);

  const review = form.handleSubmit((values) => {
    if (values.how === "full") return setChecked({ amount: remaining, partial: false, reason: values.reason.trim() });
    const amount = parseAmountInput(values.amount, deposit.currency);
    const unreadable = amountMessage(values.amount, deposit.currency, lang);
    if (unreadable) {
      form.setError("amount", { message: unreadable });
      return;
    }
    if (amount === null || amount < 1 || amount > remaining) {
      form.setError("amount", { message: fill(w.amountInvalid, { max: money(remaining) }) });
      return;
    }
    setChecked({ amount, partial: amount < remaining, reason: values.reason.trim() });
  });

  const confirm = async () => {
    if (!checked) return;
    setError(null);
    try {
      // a full refund names no amount: the API refunds exactly what remains at that moment
      const body = { track_id: deposit.track_id, reason: checked.reason, ...(checked.partial ? { amount: checked.amount } : {}), ...(marketplace && mode ? { seller_share: mode } : {}) };
      await refund.mutateAsync(body);
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
            {fill(w.confirmText, { amount: money(checked.amount), phone: phoneText(deposit.phone_number) })}
          </p>
          {(!marketplace || confirmed) && (
            <WhatItTakes currency={deposit.currency} fromYou={confirmed ? confirmed.merchant_pays : checked.amount} advanced={confirmed?.advanced} fromSeller={confirmed?.seller_amount} warn={!error} />
          )}
          {confirmed && confirmed.advanced > 0 && <p className="mt-2 text-sm text-stone-700">{fill(w.advanced, { amount: money(confirmed.advanced) })}</p>}
          <div className="mt-3">
            <FormError>{error}</FormError>
          </div>
          <DialogActions>
            <Button
              variant="secondary"
              onClick={() => {
                setError(null);
                setChecked(null);
              }}
              disabled={refund.isPending}
            >
              {w.back}
            </Button>
            <Button variant="danger" loading={refund.isPending} disabled={marketplace && !confirmed} onClick={() => void confirm()}>
              {fill(w.confirm, { amount: money(checked.amount) })}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={review} noValidate className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-stone-800">{w.amount}</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" value="full" className="size-4 accent-teal-700" {...form.register("how")} />
              {fill(w.full, { amount: money(remaining) })}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" value="partial" className="size-4 accent-teal-700" {...form.register("how")} />
              {w.partial}
            </label>
          </fieldset>
          <p className="-mt-2 text-sm text-stone-700" data-testid="refund-available">
            {fill(t.money.takes.availableLine, { amount: available === undefined ? t.common.loading : money(available) })}
          </p>
          {how === "partial" && (
            <Field label={`${w.amount} (${deposit.currency})`} description={fill(w.amountHint, { max: money(remaining) })} error={form.formState.errors.amount?.message}>
              <Input inputMode="decimal" autoComplete="off" className="tabular-nums" {...form.register("amount")} />
            </Field>
          )}
          {marketplace && preview.data && <WhoPays preview={preview.data} mode={mode} onChoose={setChosen} money={money} />}
          <Field label={w.reason} description={w.reasonHint}>
            <Textarea maxLength={500} {...form.register("reason")} />
          </Field>
          <DialogActions>
            <Button variant="secondary" onClick={onClose}>
              {t.common.cancel}
            </Button>
            <Button type="submit" disabled={marketplace && !option}>
              {w.review}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}

/** Each way to bear the seller's part, with what it takes from the merchant's balance and the seller's. */
function WhoPays({ preview, mode, onChoose, money }: { preview: RefundPreview; mode: SellerShareMode | null; onChoose: (mode: SellerShareMode) => void; money: (minor: number) => string }) {
  const { t } = useI18n();
  const w = t.money.refund;
  return (
    <fieldset className="flex flex-col gap-2" data-testid="who-pays">
      <legend className="mb-1 text-sm font-medium text-stone-800">{w.whoPays}</legend>
      <p className="text-xs text-stone-600">{fill(w.shareIntro, { share: money(preview.share_part ?? 0) })}</p>
      {preview.options.map((o) => (
        <label
          key={o.seller_share}
          className="flex items-start gap-2 rounded-md border border-stone-200 p-2.5 text-sm has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50/50 has-[:disabled]:opacity-60"
        >
          <input
            type="radio"
            name="seller_share"
            value={o.seller_share}
            checked={mode === o.seller_share}
            disabled={!o.allowed}
            onChange={() => onChoose(o.seller_share)}
            className="mt-0.5 size-4 shrink-0 accent-teal-700"
          />
          <span className="min-w-0">
            <span className="block font-medium">{w.modes[o.seller_share]}</span>
            <span className="block text-xs text-stone-600">{o.allowed ? w.modeHints[o.seller_share] : w.notAllowed}</span>
            {o.allowed && (
              <span className="mt-1 flex flex-wrap gap-x-3 text-xs font-medium tabular-nums" data-testid={`pays-${o.seller_share}`}>
                <span>{o.advanced > 0 ? fill(w.youPayAdvance, { amount: money(o.merchant_pays), advanced: money(o.advanced) }) : fill(w.youPay, { amount: money(o.merchant_pays) })}</span>
                <span>{o.seller_amount > 0 ? fill(o.advanced > 0 ? w.sellerRepays : w.sellerPays, { amount: money(o.seller_amount) }) : w.sellerPaysNothing}</span>
              </span>
            )}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
