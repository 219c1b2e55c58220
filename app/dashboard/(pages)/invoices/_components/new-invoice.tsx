"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useFieldArray, useForm, useWatch, type Path, type Resolver } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { Card, PageHeader } from "@/components/ui/card";
import { FormActions } from "@/components/ui/dialog";
import { Field, FormError, Input, Select, Textarea } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { decimalsOf, formatMoney } from "@/lib/core/money";
import { applyServerError } from "@/lib/forms/server-errors";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { useI18n } from "@/lib/i18n/provider";
import { useAccount } from "@/lib/query/account";
import { ApiRequestError } from "@/lib/query/api-fetch";
import { useCustomer, useCustomers, type Customer, type CustomerSummary } from "@/lib/query/customers";
import { useCreateInvoice, type CreateInvoice } from "@/lib/query/invoices";
import { useUnsavedChanges } from "../../_components/leave-guard";
import { defaultReminders, emptyLine, formFieldOf, formTotal, invoiceFormSchema, reminderWhens, type InvoiceFormValues } from "./invoice-form";

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** Today on the merchant's device (YYYY-MM-DD): the default due date is two weeks from it. */
const today = () => new Date().toLocaleDateString("en-CA");

/** The page of a new invoice: the account's currency first (amounts are typed in it). */
export function NewInvoice({ customerId }: { customerId: string | null }) {
  const { t } = useI18n();
  const w = t.invoices;
  const account = useAccount();
  return (
    <>
      <Link href="/dashboard/invoices" className="mb-3 inline-block text-sm text-teal-800 underline-offset-2 hover:underline">
        ← {w.back}
      </Link>
      <PageHeader title={w.newTitle} description={w.newIntro} />
      {account.data ? <InvoiceForm currency={account.data.currency} customerId={customerId} /> : <Skeleton className="h-96" />}
    </>
  );
}

function InvoiceForm({ currency, customerId }: { currency: string; customerId: string | null }) {
  const { t, lang, fill } = useI18n();
  const w = t.invoices;
  const router = useRouter();
  const notify = useToast();
  const create = useCreateInvoice();
  const [formError, setFormError] = useState<string | null>(null);
  const [picked, setPicked] = useState<string | null>(customerId);
  const schema = useMemo(() => invoiceFormSchema(currency), [currency]);
  const form = useForm<InvoiceFormValues>({
    resolver: localizedZodResolver(schema, t) as unknown as Resolver<InvoiceFormValues>,
    defaultValues: {
      customer_name: "",
      customer_phone: "",
      customer_email: "",
      reference: "",
      language: lang,
      lines: [{ ...emptyLine }],
      due_date: addDays(today(), 14),
      allow_partial: false,
      min_part_amount: "",
      reminders: defaultReminders,
      memo: "",
    },
  });
  const { errors, isSubmitting, isDirty, isSubmitSuccessful } = form.formState;
  useUnsavedChanges(isDirty && !isSubmitting && !isSubmitSuccessful);
  const lines = useFieldArray({ control: form.control, name: "lines" });
  const reminders = useFieldArray({ control: form.control, name: "reminders" });
  const watchedLines = useWatch({ control: form.control, name: "lines" });
  const watchedReminders = useWatch({ control: form.control, name: "reminders" });
  const allowPartial = useWatch({ control: form.control, name: "allow_partial" });
  const total = formTotal(watchedLines, currency);
  const decimals = decimalsOf(currency);

  // the book's customer: its whole number, name and e-mail fill the fields (still editable)
  const fillCustomer = useCallback(
    (c: { name: string | null; phone_number: string | null; email: string | null } | null) => {
      form.setValue("customer_name", c?.name ?? "", { shouldDirty: true });
      form.setValue("customer_phone", c?.phone_number ? `+${c.phone_number}` : "", { shouldDirty: true });
      form.setValue("customer_email", c?.email ?? "", { shouldDirty: true });
    },
    [form],
  );

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const invoice = await create.mutateAsync(values as unknown as CreateInvoice);
      notify(w.created);
      router.push(`/dashboard/invoices/${invoice.id}?created=1`);
    } catch (error) {
      // the API's 422 names its fields (lines.0.unit_price, reminder_days.1): placed beside the form's own
      const named = renamed(error);
      const fields = named instanceof ApiRequestError ? Object.keys(named.fieldErrors) : [];
      setFormError(applyServerError(named, form.setError, fields as Path<InvoiceFormValues>[], t));
    }
  });

  const err = (path: string) => path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], errors) as { message?: string; type?: string } | undefined;
  const checkbox = cn("size-4 accent-teal-700", focusRing);
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" data-testid="invoice-form">
      <FormError>{formError}</FormError>
      <Card title={w.customer}>
        <div className="flex flex-col gap-4">
          {picked ? (
            <PickedCustomer
              id={picked}
              onLoaded={fillCustomer}
              onChange={() => {
                setPicked(null);
                fillCustomer(null);
              }}
            />
          ) : (
            <CustomerSearch onPick={(c) => setPicked(c.id)} />
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={w.fieldName} error={errors.customer_name?.message}>
              <Input autoComplete="off" maxLength={100} {...form.register("customer_name")} />
            </Field>
            <Field label={w.fieldReference} error={errors.reference?.message}>
              <Input autoComplete="off" maxLength={40} placeholder="F-2027-014" {...form.register("reference")} />
            </Field>
            <Field label={w.fieldPhone} description={w.fieldPhoneHint} error={errors.customer_phone?.message}>
              <Input type="tel" inputMode="tel" autoComplete="off" {...form.register("customer_phone")} />
            </Field>
            <Field label={w.fieldEmail} description={w.fieldEmailHint} error={errors.customer_email?.message}>
              <Input type="email" inputMode="email" autoComplete="off" {...form.register("customer_email")} />
            </Field>
            <Field label={w.fieldLanguage} error={errors.language?.message}>
              <Select {...form.register("language")}>
                <option value="fr">{w.languageFr}</option>
                <option value="en">{w.languageEn}</option>
              </Select>
            </Field>
          </div>
        </div>
      </Card>

      <Card title={w.lines}>
        <div className="flex flex-col gap-4">
          <FormError>{errors.lines?.message ?? errors.lines?.root?.message}</FormError>
          <ol className="flex flex-col gap-4" data-testid="invoice-lines">
            {lines.fields.map((field, i) => (
              <li key={field.id} className="border-b border-stone-200 pb-4 last:border-0 sm:border-0 sm:pb-0" data-testid="invoice-line">
                {/* each line a group named by its number, so « Désignation » of line 2 is told from line 1's; on phones
                    its name and every label show (a stacked line has no column heads), from sm up the first line's labels head the columns */}
                <fieldset className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-2 gap-y-3 sm:grid-cols-[minmax(0,3fr)_minmax(0,1fr)_minmax(0,1.5fr)_auto] sm:items-start">
                  <legend className="mb-2 text-sm font-semibold text-stone-900 sm:sr-only">{fill(w.lineN, { n: i + 1 })}</legend>
                  <Field label={w.lineLabel} error={err(`lines.${i}.label`)?.message} className="col-span-2 sm:col-span-1" hideLabel={i > 0 && "sm"}>
                    <Input autoComplete="off" maxLength={200} {...form.register(`lines.${i}.label`)} />
                  </Field>
                  <div className="col-span-2 grid grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)] gap-2 sm:contents">
                    <Field label={w.lineQuantity} error={err(`lines.${i}.quantity`)?.message} hideLabel={i > 0 && "sm"}>
                      <Input inputMode="numeric" autoComplete="off" {...form.register(`lines.${i}.quantity`)} />
                    </Field>
                    <Field label={fill(w.lineUnitPrice, { currency })} error={err(`lines.${i}.unit_price`)?.message} hideLabel={i > 0 && "sm"}>
                      <Input inputMode={decimals ? "decimal" : "numeric"} autoComplete="off" {...form.register(`lines.${i}.unit_price`)} />
                    </Field>
                  </div>
                  {lines.fields.length > 1 ? (
                    <Button variant="secondary" className={cn("col-span-2 justify-self-start sm:col-span-1", i === 0 && "sm:mt-7")} onClick={() => lines.remove(i)} aria-label={fill(w.removeLine, { n: i + 1 })}>
                      <span aria-hidden="true">×</span>
                      <span aria-hidden="true" className="sm:hidden">{w.removeShort}</span>
                    </Button>
                  ) : (
                    <span className="hidden sm:block sm:w-10" />
                  )}
                </fieldset>
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Button variant="secondary" onClick={() => lines.append({ ...emptyLine })} disabled={lines.fields.length >= 50}>
              {w.addLine}
            </Button>
            <p className="text-base font-semibold tabular-nums" data-testid="invoice-total" aria-live="polite">
              {fill(w.totalLine, { amount: total === null ? "—" : formatMoney(total, currency, lang) })}
            </p>
          </div>
        </div>
      </Card>

      <Card title={w.fieldDueDate}>
        <div className="flex flex-col gap-4">
          <Field label={w.fieldDueDate} error={errors.due_date?.message} hideLabel>
            <Input type="date" className="sm:max-w-56" {...form.register("due_date")} />
          </Field>
          <div className="flex flex-col gap-1">
            <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
              <input type="checkbox" className={checkbox} {...form.register("allow_partial")} />
              {w.allowPartial}
            </label>
            <p className="pl-6 text-xs text-stone-600">{w.allowPartialHint}</p>
          </div>
          {allowPartial && (
            <Field label={fill(w.fieldMinPart, { currency })} description={w.fieldMinPartHint} error={errors.min_part_amount?.message} className="sm:max-w-80">
              <Input inputMode={decimals ? "decimal" : "numeric"} autoComplete="off" {...form.register("min_part_amount")} />
            </Field>
          )}
        </div>
      </Card>

      <Card title={w.reminders}>
        <div className="flex flex-col gap-3">
          <p className="text-sm text-stone-600">{w.remindersHint}</p>
          <FormError>{errors.reminders?.message ?? errors.reminders?.root?.message}</FormError>
          {reminders.fields.length === 0 && <p className="text-sm text-stone-600">{w.noReminders}</p>}
          <ul className="flex flex-col gap-3" data-testid="invoice-reminders">
            {reminders.fields.map((field, i) => {
              const on = watchedReminders[i]?.when === "on";
              const daysError = err(`reminders.${i}.days`);
              return (
                <li key={field.id} className="flex flex-wrap items-start gap-2" data-testid="invoice-reminder">
                  {!on && (
                    <Field label={w.reminderDays} hideLabel error={daysError?.type === "custom" ? w.reminderRepeat : daysError?.message} className="w-20">
                      <Input inputMode="numeric" autoComplete="off" {...form.register(`reminders.${i}.days`)} />
                    </Field>
                  )}
                  <Field label={w.reminderKind} hideLabel error={on && daysError ? w.reminderRepeat : undefined} className="min-w-40 flex-1 sm:flex-none">
                    <Select {...form.register(`reminders.${i}.when`)}>
                      {reminderWhens.map((when) => (
                        <option key={when} value={when}>
                          {w.reminderWhen[when]}
                        </option>
                      ))}
                    </Select>
                  </Field>
                  <Button variant="secondary" onClick={() => reminders.remove(i)} aria-label={fill(w.removeReminder, { n: i + 1 })}>
                    ×
                  </Button>
                </li>
              );
            })}
          </ul>
          <div>
            <Button variant="secondary" onClick={() => reminders.append({ when: "after", days: "3" })} disabled={reminders.fields.length >= 10}>
              {w.addReminder}
            </Button>
          </div>
        </div>
      </Card>

      <Card>
        <Field label={w.fieldMemo} description={w.fieldMemoHint} error={errors.memo?.message}>
          <Textarea rows={3} maxLength={1000} {...form.register("memo")} />
        </Field>
      </Card>
      <FormActions submitLabel={w.create} submitting={isSubmitting} onCancel={() => router.push("/dashboard/invoices")} />
    </form>
  );
}

/** The customer picked from the book (or given by the customer's page): loaded whole, then its fields filled once. */
function PickedCustomer({ id, onLoaded, onChange }: { id: string; onLoaded: (c: Customer) => void; onChange: () => void }) {
  const { t, fill } = useI18n();
  const w = t.invoices;
  const customer = useCustomer(id);
  const data = customer.data;
  const filled = useRef(false);
  useEffect(() => {
    if (!data || filled.current) return;
    filled.current = true;
    onLoaded(data);
  }, [data, onLoaded]);
  if (customer.isPending) return <Skeleton className="h-12" />;
  if (customer.isError) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <FormError>{t.errors.CUSTOMER_NOT_FOUND}</FormError>
        <Button variant="secondary" onClick={onChange}>
          {w.customerChange}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-teal-200 bg-teal-50 px-3 py-2 text-sm text-teal-900" data-testid="picked-customer">
      <span>{fill(w.customerPicked, { name: customer.data.name ?? w.noName })}</span>
      <Button variant="secondary" onClick={onChange}>
        {w.customerChange}
      </Button>
    </div>
  );
}

/** The book, searched as the merchant types: a pick fills the customer's fields with its whole number. */
function CustomerSearch({ onPick }: { onPick: (c: CustomerSummary) => void }) {
  const { t } = useI18n();
  const w = t.invoices;
  const [q, setQ] = useState("");
  const [debounced, setDebounced] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(q.trim()), 250);
    return () => clearTimeout(timer);
  }, [q]);
  const found = useCustomers(debounced, null, 5);
  const items = debounced ? (found.data?.items ?? []).filter((c) => !c.merged_into && !c.erased_at) : [];
  return (
    <div className="flex flex-col gap-2">
      <Field label={w.customerSearch} description={w.customerSearchHint}>
        <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" data-testid="customer-search" />
      </Field>
      {debounced && found.data && items.length === 0 && <p className="text-sm text-stone-600">{w.noMatch}</p>}
      {items.length > 0 && (
        <ul className="flex flex-col divide-y divide-stone-200 rounded-md border border-stone-200" data-testid="customer-matches">
          {items.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 truncate">
                <span className="font-medium">{c.name ?? w.noName}</span>
                {c.phone_masked && <span className="ml-2 font-mono text-xs text-stone-600">+{c.phone_masked}</span>}
              </span>
              <Button variant="secondary" onClick={() => onPick(c)}>
                {w.customerPick}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The API's error with its field names as the form's (reminder_days.1 → reminders.1.days). */
function renamed(error: unknown): unknown {
  if (!(error instanceof ApiRequestError) || !Object.keys(error.fieldErrors).length) return error;
  const fieldErrors = Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [formFieldOf(k), v]));
  return new ApiRequestError(error.status, error.type, error.message, fieldErrors, error.retryAfter);
}
