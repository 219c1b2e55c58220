"use client";

import { useState } from "react";
import { Dialog, FormActions } from "@/components/ui/dialog";
import { Field, FormError, Input, Select, Textarea } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { formatMoney } from "@/lib/core/money";
import { amountMessage, parseAmountInput } from "@/lib/forms/amount-input";
import { errorMessage, fieldErrorMessage } from "@/lib/forms/messages";
import { useI18n } from "@/lib/i18n/provider";
import { useAccount } from "@/lib/query/account";
import { ApiRequestError } from "@/lib/query/api-fetch";
import { useCreatePaymentPage, type CreatePaymentPage, type PaymentPage } from "@/lib/query/payment-pages";
import { SharePageDialog } from "./share-page-dialog";

type Values = {
  title: string;
  description: string;
  amount_type: "fixed" | "custom";
  amount: string;
  max_quantity: string;
  min_amount: string;
  max_amount: string;
  stock: string;
  max_payments: string;
  ends_at: string;
  closed_message: string;
  success_url: string;
  questions: string;
};

const EMPTY: Values = {
  title: "",
  description: "",
  amount_type: "fixed",
  amount: "",
  max_quantity: "1",
  min_amount: "",
  max_amount: "",
  stock: "",
  max_payments: "",
  ends_at: "",
  closed_message: "",
  success_url: "",
  questions: "",
};

/**
 * The body the API takes, from what the merchant typed: amounts in the currency's minor unit (a text
 * that is no amount goes as typed, and the API's 422 says so), empty optional fields left out. The
 * API checks everything and answers every problem at once; the form shows each beside its field.
 */
function bodyOf(values: Values, currency: string): CreatePaymentPage {
  const money = (text: string) => (text.trim() === "" ? undefined : (parseAmountInput(text, currency) ?? text));
  const count = (text: string) => (text.trim() === "" ? undefined : text.trim());
  const fixed = values.amount_type === "fixed";
  return {
    title: values.title,
    description: values.description,
    amount_type: values.amount_type,
    ...(fixed ? { amount: money(values.amount), max_quantity: count(values.max_quantity) } : { min_amount: money(values.min_amount), max_amount: money(values.max_amount) }),
    stock: count(values.stock),
    max_payments: count(values.max_payments),
    ends_at: values.ends_at ? new Date(values.ends_at).toISOString() : undefined,
    closed_message: values.closed_message,
    success_url: values.success_url,
    form_blocks: values.questions
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean)
      .map((label) => ({ type: "text", label, required: true })),
  } as unknown as CreatePaymentPage;
}

export function CreatePageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const [created, setCreated] = useState<PaymentPage | null>(null);
  if (created) {
    return (
      <SharePageDialog
        page={created}
        title={t.paymentPages.sharedTitle}
        onClose={() => {
          setCreated(null);
          onClose();
        }}
      />
    );
  }
  return (
    <Dialog open={open} onClose={onClose} title={t.paymentPages.createTitle} closeLabel={t.common.close} size="lg">
      {open && <CreateForm onCancel={onClose} onCreated={setCreated} />}
    </Dialog>
  );
}

function CreateForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (page: PaymentPage) => void }) {
  const { t, lang } = useI18n();
  const w = t.paymentPages;
  const notify = useToast();
  const account = useAccount();
  const currency = account.data?.currency ?? "XAF";
  const create = useCreatePaymentPage();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (name: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));
  const err = (name: string) => errors[name];

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    // an amount the reader cannot read says how to write it here, before anything is sent
    const fields = values.amount_type === "fixed" ? (["amount"] as const) : (["min_amount", "max_amount"] as const);
    const unreadable = Object.fromEntries(
      fields.flatMap((name) => {
        const message = values[name].trim() === "" ? null : amountMessage(values[name], currency, lang);
        return message ? [[name, message]] : [];
      }),
    );
    if (Object.keys(unreadable).length > 0) {
      setErrors(unreadable);
      setFormError(t.errors.validation);
      return;
    }
    try {
      const page = await create.mutateAsync(bodyOf(values, currency));
      notify(w.created);
      onCreated(page);
    } catch (error) {
      if (error instanceof ApiRequestError && error.type === "VALIDATION") {
        const byField: Record<string, string> = {};
        for (const [field, item] of Object.entries(error.fieldErrors)) {
          const key = field.startsWith("form_blocks") ? "questions" : field;
          const message = fieldErrorMessage(item, t, field);
          // an amount out of bounds says the bounds in money, not in minor units
          const bound = item.ctx?.ge ?? item.ctx?.le;
          byField[key] ??= bound !== undefined && ["amount", "min_amount", "max_amount"].includes(field) ? `${message.replace(String(bound), formatMoney(Number(bound), currency, lang))}` : message;
        }
        setErrors(byField);
        setFormError(t.errors.validation);
      } else setFormError(errorMessage(error, t));
    }
  };

  const fixed = values.amount_type === "fixed";
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="create-page-form">
      <FormError>{formError}</FormError>
      <Field label={w.fieldTitle} error={err("title")}>
        <Input name="title" value={values.title} onChange={set("title")} maxLength={100} required />
      </Field>
      <Field label={w.fieldDescription} error={err("description")}>
        <Textarea name="description" value={values.description} onChange={set("description")} maxLength={1000} />
      </Field>
      <Field label={w.amountType} error={err("amount_type")}>
        <Select name="amount_type" value={values.amount_type} onChange={set("amount_type")}>
          <option value="fixed">{w.fixed}</option>
          <option value="custom">{w.custom}</option>
        </Select>
      </Field>
      {fixed ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={`${w.price} (${currency})`} error={err("amount")}>
            <Input name="amount" inputMode="decimal" value={values.amount} onChange={set("amount")} />
          </Field>
          <Field label={w.maxQuantity} error={err("max_quantity")}>
            <Input name="max_quantity" inputMode="numeric" value={values.max_quantity} onChange={set("max_quantity")} />
          </Field>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={`${w.minAmount} (${currency})`} error={err("min_amount")}>
            <Input name="min_amount" inputMode="decimal" value={values.min_amount} onChange={set("min_amount")} />
          </Field>
          <Field label={`${w.maxAmount} (${currency})`} error={err("max_amount")}>
            <Input name="max_amount" inputMode="decimal" value={values.max_amount} onChange={set("max_amount")} />
          </Field>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={w.stock} description={w.stockHint} error={err("stock")}>
          <Input name="stock" inputMode="numeric" value={values.stock} onChange={set("stock")} />
        </Field>
        <Field label={w.maxPayments} error={err("max_payments")}>
          <Input name="max_payments" inputMode="numeric" value={values.max_payments} onChange={set("max_payments")} />
        </Field>
      </div>
      <Field label={w.endsAt} error={err("ends_at")}>
        <Input name="ends_at" type="datetime-local" value={values.ends_at} onChange={set("ends_at")} />
      </Field>
      <Field label={w.closedMessage} error={err("closed_message")}>
        <Input name="closed_message" value={values.closed_message} onChange={set("closed_message")} maxLength={500} />
      </Field>
      <Field label={w.questions} description={w.questionsHint} error={err("questions")}>
        <Textarea name="questions" value={values.questions} onChange={set("questions")} />
      </Field>
      <Field label={w.successUrl} error={err("success_url")}>
        <Input name="success_url" type="url" value={values.success_url} onChange={set("success_url")} placeholder="https://" />
      </Field>
      <FormActions submitLabel={w.create} submitting={create.isPending} onCancel={onCancel} holdCancel />
    </form>
  );
}
