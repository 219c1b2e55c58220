"use client";

import { useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { cn, focusRing } from "@/components/ui/cn";
import { Field, FormError, Input, Select } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { countries, countryCodes, isCountry, type CountryIso3 } from "@/lib/countries";
import { parsePhone } from "@/lib/countries/phones";
import { amountInputText, amountMessage, parseAmountInput } from "@/lib/forms/amount-input";
import { fill } from "@/lib/core/fill";
import { operatorLabel } from "@/lib/i18n/labels";
import { decimalsOf, formatMoney } from "@/lib/core/money";
import { useI18n } from "@/lib/i18n/provider";
import { useCreateWithdrawal, type Balance } from "@/lib/query/money";
import { usePayoutNumbers, useReadPayoutNumber, useSavePayoutNumber } from "@/lib/query/payout-numbers";
import { payoutNumberProblem } from "./number-check";
import { OperatorOptions } from "../../_components/operator-options";
import { moneyErrorMessage, phoneText, WhatItTakes } from "../../_components/money";

/** `saved`: a saved number's id, or NEW (the operator and number typed) */
type Values = { saved: string; operator: string; phone_number: string; amount: string; remember: boolean; label: string };
type Checked = { operator: string; phone: string; amount: number; currency: string; save: { label: string } | null };
const NEW = "new";

const countryOfOperator = (operator: string): CountryIso3 | undefined =>
  countryCodes.find((c) => Object.hasOwn(countries[c].operators, operator));

/**
 * A withdrawal in two steps: the form (operator, the merchant's own number, an amount of the
 * available balance), then a confirmation that says exactly what will be sent where, and what it
 * takes from the available balance. The Idempotency-Key follows the values sent (useMoneyMutation):
 * a double click or a retry of the same values never withdraws twice; after a refusal, « Modifier »
 * and corrected values are a new request.
 */
export function WithdrawDialog({ open, onClose, available, accountCountry }: { open: boolean; onClose: () => void; available: Balance["available"]; accountCountry: string }) {
  const { t, lang } = useI18n();
  const w = t.money.withdraw;
  const notify = useToast();
  const withdraw = useCreateWithdrawal();
  const [checked, setChecked] = useState<Checked | null>(null);
  const [error, setError] = useState<string | null>(null);
  const home = isCountry(accountCountry) ? accountCountry : "CMR";
  const firstOperator = Object.keys(countries[home].operators)[0]!;
  const numbers = usePayoutNumbers(open);
  const readNumber = useReadPayoutNumber();
  const saveNumber = useSavePayoutNumber();
  const form = useForm<Values>({ defaultValues: { saved: NEW, operator: firstOperator, phone_number: "", amount: "", remember: false, label: "" } });
  const [typedOperator, saved, remember] = useWatch({ control: form.control, name: ["operator", "saved", "remember"] });
  const savedNumber = numbers.data?.find((n) => n.id === saved);
  const operator = savedNumber?.operator ?? typedOperator;
  const country = countryOfOperator(operator) ?? home;
  // the first saved number is the one offered once the list has come
  const firstSaved = numbers.data?.[0]?.id;
  useEffect(() => {
    if (firstSaved && !form.formState.dirtyFields.saved) form.setValue("saved", firstSaved);
  }, [firstSaved, form]);
  const currency = countries[country].currency;
  const decimals = decimalsOf(currency);
  const max = available.find((a) => a.currency === currency)?.amount ?? 0;
  const money = (minor: number) => formatMoney(minor, currency, lang);
  const byCountry = useMemo(() => countryCodes.filter((c) => available.some((a) => a.currency === countries[c].currency) || c === home), [available, home]);

  const n = t.input.payoutNumbers;
  const review = form.handleSubmit(async (values) => {
    setError(null);
    const amount = parseAmountInput(values.amount, currency);
    let phone: { digits: string } | null = null;
    let ok = true;
    if (savedNumber) {
      try {
        phone = { digits: (await readNumber(savedNumber.id)).phone_number };
      } catch (e) {
        setError(moneyErrorMessage(e, t));
        return;
      }
    } else {
      phone = parsePhone(values.phone_number, country);
      // the number's operator, told by its prefix, against the one chosen (the API refuses it too)
      const mismatch = phone ? payoutNumberProblem(values.operator, phone.digits, country, lang, n) : null;
      if (mismatch) {
        form.setError("phone_number", { message: mismatch });
        ok = false;
      }
    }
    const unreadable = amountMessage(values.amount, currency, lang);
    if (unreadable) {
      form.setError("amount", { message: unreadable });
      ok = false;
    } else if (amount === null || amount < 1 || amount > max) {
      form.setError("amount", { message: fill(w.amountInvalid, { max: money(max) }) });
      ok = false;
    }
    if (!phone) {
      form.setError("phone_number", { message: w.phoneInvalid });
      ok = false;
    }
    const save = !savedNumber && values.remember ? { label: values.label.trim() } : null;
    if (ok && amount !== null && phone) setChecked({ operator, phone: phone.digits, amount, currency, save });
  });

  const confirm = async () => {
    if (!checked) return;
    setError(null);
    try {
      await withdraw.mutateAsync({ amount: checked.amount, currency: checked.currency, operator: checked.operator, phone_number: checked.phone });
      // the number saved for next time once the money left for it (a refusal to save loses nothing)
      if (checked.save) await saveNumber.mutateAsync({ operator: checked.operator, phone_number: checked.phone, label: checked.save.label }).catch(() => undefined);
      notify(w.done);
      onClose();
    } catch (e) {
      setError(moneyErrorMessage(e, t));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={checked ? w.confirmTitle : w.title} description={checked ? undefined : w.intro} closeLabel={t.common.close} dismissible={!withdraw.isPending}>
      {checked ? (
        <>
          <p className="text-sm break-words text-stone-800" data-testid="withdraw-summary">
            {fill(w.confirmText, { amount: formatMoney(checked.amount, checked.currency, lang), phone: phoneText(checked.phone), operator: operatorLabel(checked.operator, lang) })}
          </p>
          <WhatItTakes currency={checked.currency} fromYou={checked.amount} warn={!error} />
          <div className="mt-3">
            <FormError>{error}</FormError>
          </div>
          <DialogActions>
            <Button variant="secondary" onClick={() => setChecked(null)} disabled={withdraw.isPending}>
              {w.back}
            </Button>
            <Button loading={withdraw.isPending} onClick={() => void confirm()}>
              {fill(w.confirm, { amount: formatMoney(checked.amount, checked.currency, lang) })}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={review} noValidate className="flex flex-col gap-4">
          {numbers.data && numbers.data.length > 0 && (
            <Field label={n.saved}>
              <Select {...form.register("saved")} data-testid="withdraw-saved">
                {numbers.data.map((saved) => (
                  <option key={saved.id} value={saved.id}>
                    {/* short enough for a phone's select: « Mon MTN · MTN · +237 ••42 » */}
                    {[saved.label, operatorLabel(saved.operator, lang), saved.phone_number_masked.replace(/•+/, "••")].filter(Boolean).join(" · ")}
                  </option>
                ))}
                <option value={NEW}>{n.newNumber}</option>
              </Select>
            </Field>
          )}
          {!savedNumber && (
            <>
              <Field label={w.operator}>
                <Select {...form.register("operator", { onChange: () => form.clearErrors("phone_number") })}>
                  <OperatorOptions countryCodes={byCountry} />
                </Select>
              </Field>
              <Field label={w.phone} description={w.phoneHint} error={form.formState.errors.phone_number?.message}>
                <Input type="tel" inputMode="tel" autoComplete="tel" placeholder={phoneText(country === "CMR" ? "237670000000" : "")} {...form.register("phone_number")} />
              </Field>
              <label className="flex items-center gap-2 text-sm text-stone-800">
                <input type="checkbox" className={cn("size-4 shrink-0 accent-teal-700", focusRing)} {...form.register("remember")} />
                {n.save}
              </label>
              {remember && (
                <Field label={n.label}>
                  <Input autoComplete="off" maxLength={60} placeholder={n.labelPlaceholder} {...form.register("label")} />
                </Field>
              )}
            </>
          )}
          <Field label={`${w.amount} (${currency})`} description={fill(w.amountHint, { amount: money(max) })} error={form.formState.errors.amount?.message}>
            <Input inputMode="decimal" autoComplete="off" className="tabular-nums" {...form.register("amount")} />
          </Field>
          <Button variant="secondary" size="sm" className="-mt-2 self-start" onClick={() => {
              form.setValue("amount", amountInputText(max, decimals));
              form.clearErrors("amount");
            }} disabled={max < 1}>
            {w.all}
          </Button>
          <FormError>{error}</FormError>
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
