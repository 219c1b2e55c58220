"use client";

import { useMemo, useState } from "react";
import { useForm, useWatch, type Path, type Resolver } from "react-hook-form";
import { blockErrorOf } from "@/components/form-builder/blocks-schema";
import { FormBuilder } from "@/components/form-builder/form-builder";
import { Dialog, FormActions } from "@/components/ui/dialog";
import { Field, FormError, Input, Select, Textarea } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import type { BuilderBlock } from "@/lib/form-builder/edits";
import { formatMoney } from "@/lib/core/money";
import { errorMessage, fieldErrorMessage } from "@/lib/forms/messages";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { useI18n } from "@/lib/i18n/provider";
import { useAccount } from "@/lib/query/account";
import { ApiRequestError } from "@/lib/query/api-fetch";
import { useCreatePaymentPage, useUpdatePaymentPage, type PaymentPage, type UpdatePaymentPage } from "@/lib/query/payment-pages";
import { useConfirmLeave, useUnsavedChanges } from "../../_components/leave-guard";
import { EMPTY_PAGE, formPathOfItem, pageBodyOf, pageFormSchema, valuesOfPage, type PageFormValues } from "./page-form";
import { SharePageDialog } from "./share-page-dialog";

/** A new payment page; once made, its share panel. */
export function CreatePageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const confirmLeave = useConfirmLeave();
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
    <Dialog open={open} onClose={() => confirmLeave(onClose)} title={t.paymentPages.createTitle} closeLabel={t.common.close} size="lg">
      {open && <PageForm onCancel={onClose} onSaved={setCreated} />}
    </Dialog>
  );
}

/** An existing page's fields and questions, to change them (its amount type stays). */
export function EditPageDialog({ page, onClose }: { page: PaymentPage | null; onClose: () => void }) {
  const { t } = useI18n();
  const confirmLeave = useConfirmLeave();
  return (
    <Dialog open={page !== null} onClose={() => confirmLeave(onClose)} title={t.paymentPages.editTitle} closeLabel={t.common.close} size="lg">
      {page && <PageForm key={page.id} editing={page} onCancel={onClose} onSaved={onClose} />}
    </Dialog>
  );
}

type PageFormProps = {
  /** the page changed; absent: a new page */
  editing?: PaymentPage;
  onCancel: () => void;
  onSaved: (page: PaymentPage) => void;
};

/** The body's field each form value fills (the questions are `form_blocks`). */
const BODY_FIELD: Record<keyof PageFormValues, string> = {
  title: "title",
  description: "description",
  amount_type: "amount_type",
  amount: "amount",
  max_quantity: "max_quantity",
  min_amount: "min_amount",
  max_amount: "max_amount",
  stock: "stock",
  max_payments: "max_payments",
  ends_at: "ends_at",
  closed_message: "closed_message",
  success_url: "success_url",
  blocks: "form_blocks",
};

/**
 * The page's fields and its questions (the marketplace's form builder: text, long text, list,
 * checkbox; add, remove, reorder by dragging or from the keyboard), checked with the API's block
 * schema before anything is sent; the API's 422 items land beside their fields.
 */
function PageForm({ editing, onCancel, onSaved }: PageFormProps) {
  const { t, lang } = useI18n();
  const w = t.paymentPages;
  const notify = useToast();
  const account = useAccount();
  const currency = account.data?.currency ?? "XAF";
  const create = useCreatePaymentPage();
  const update = useUpdatePaymentPage();
  const currencyOf = editing?.currency ?? currency;
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => pageFormSchema(currencyOf, lang, t.validation.required, t.marketplace), [currencyOf, lang, t]);
  const form = useForm<PageFormValues>({
    resolver: localizedZodResolver(schema, t) as unknown as Resolver<PageFormValues>,
    defaultValues: editing ? valuesOfPage(editing) : EMPTY_PAGE,
  });
  const { errors, isSubmitting, isDirty, isSubmitted, dirtyFields } = form.formState;
  useUnsavedChanges(isDirty && !isSubmitting);
  const [amountType, blocks] = useWatch({ control: form.control, name: ["amount_type", "blocks"] });
  const setBlocks = (next: BuilderBlock[]) => form.setValue("blocks", next, { shouldDirty: true, shouldValidate: isSubmitted });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        if (editing) {
          // only what the merchant changed: an end date already past, left as it is, is not sent again
          const body = pageBodyOf(values, currencyOf, true) as Record<string, unknown>;
          const changed = Object.fromEntries(
            (Object.keys(dirtyFields) as (keyof PageFormValues)[]).map((name) => BODY_FIELD[name]).filter((field) => field in body).map((field) => [field, body[field]]),
          );
          const page = await update.mutateAsync({ id: editing.id, body: changed as UpdatePaymentPage });
          notify(w.updated);
          form.reset(valuesOfPage(page));
          onSaved(page);
        } else {
          const page = await create.mutateAsync(pageBodyOf(values, currency));
          notify(w.created);
          onSaved(page);
        }
      } catch (error) {
        if (!(error instanceof ApiRequestError) || error.type !== "VALIDATION") {
          setFormError(errorMessage(error, t));
          return;
        }
        for (const [field, item] of Object.entries(error.fieldErrors)) {
          const path = formPathOfItem(field);
          if (!path) continue; // the form's own line below says something is wrong
          let message = fieldErrorMessage(item, t, field);
          // an amount out of bounds says the bound in money, not in minor units
          const bound = item.ctx?.ge ?? item.ctx?.le;
          if (bound !== undefined && ["amount", "min_amount", "max_amount"].includes(field)) message = message.replace(String(bound), formatMoney(Number(bound), currencyOf, lang));
          form.setError(path as Path<PageFormValues>, { type: "server", message }, { shouldFocus: true });
        }
        setFormError(t.errors.validation);
      }
    },
    () => setFormError(t.errors.validation),
  );

  const fixed = amountType === "fixed";
  const reg = form.register;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid={editing ? "edit-page-form" : "create-page-form"}>
      <FormError>{formError}</FormError>
      <Field label={w.fieldTitle} error={errors.title?.message}>
        <Input maxLength={100} required {...reg("title")} />
      </Field>
      <Field label={w.fieldDescription} error={errors.description?.message}>
        <Textarea maxLength={1000} {...reg("description")} />
      </Field>
      {editing ? (
        // the amount type is the page's for good: its payments were taken under it
        <div className="flex flex-col gap-1.5" data-testid="amount-type-kept">
          <p className="text-sm font-medium text-stone-800">{w.amountType}</p>
          <p className="text-base">{fixed ? w.fixed : w.custom}</p>
          <p className="text-xs text-stone-600">{w.amountTypeKept}</p>
        </div>
      ) : (
        <Field label={w.amountType} error={errors.amount_type?.message}>
          <Select {...reg("amount_type")}>
            <option value="fixed">{w.fixed}</option>
            <option value="custom">{w.custom}</option>
          </Select>
        </Field>
      )}
      {fixed ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={`${w.price} (${currencyOf})`} error={errors.amount?.message}>
            <Input inputMode="decimal" autoComplete="off" {...reg("amount")} />
          </Field>
          <Field label={w.maxQuantity} error={errors.max_quantity?.message}>
            <Input inputMode="numeric" autoComplete="off" {...reg("max_quantity")} />
          </Field>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={`${w.minAmount} (${currencyOf})`} error={errors.min_amount?.message}>
            <Input inputMode="decimal" autoComplete="off" {...reg("min_amount")} />
          </Field>
          <Field label={`${w.maxAmount} (${currencyOf})`} error={errors.max_amount?.message}>
            <Input inputMode="decimal" autoComplete="off" {...reg("max_amount")} />
          </Field>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={w.stock} description={w.stockHint} error={errors.stock?.message}>
          <Input inputMode="numeric" autoComplete="off" {...reg("stock")} />
        </Field>
        <Field label={w.maxPayments} error={errors.max_payments?.message}>
          <Input inputMode="numeric" autoComplete="off" {...reg("max_payments")} />
        </Field>
      </div>
      <Field label={w.endsAt} error={errors.ends_at?.message}>
        <Input type="datetime-local" {...reg("ends_at")} />
      </Field>
      <Field label={w.closedMessage} error={errors.closed_message?.message}>
        <Input maxLength={500} {...reg("closed_message")} />
      </Field>
      <fieldset className="flex flex-col gap-2" data-testid="page-questions">
        <legend className="text-sm font-medium text-stone-800">{w.questions}</legend>
        <p className="text-xs text-stone-600">{w.questionsHint}</p>
        <FormBuilder blocks={blocks} onChange={setBlocks} errorOf={(path) => blockErrorOf(errors.blocks, path)} />
      </fieldset>
      <Field label={w.successUrl} error={errors.success_url?.message}>
        <Input type="url" inputMode="url" placeholder="https://" {...reg("success_url")} />
      </Field>
      <FormActions submitLabel={editing ? t.common.save : w.create} submitting={isSubmitting} onCancel={onCancel} holdCancel />
    </form>
  );
}
