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
import { useCreatePaymentPage, type PaymentPage } from "@/lib/query/payment-pages";
import { useConfirmLeave, useUnsavedChanges } from "../../_components/leave-guard";
import { EMPTY_PAGE, formPathOfItem, pageBodyOf, pageFormSchema, type PageFormValues } from "./page-form";
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

type PageFormProps = {
  onCancel: () => void;
  onSaved: (page: PaymentPage) => void;
};

/**
 * The page's fields and its questions (the marketplace's form builder: text, long text, list,
 * checkbox; add, remove, reorder by dragging or from the keyboard), checked with the API's block
 * schema before anything is sent; the API's 422 items land beside their fields.
 */
function PageForm({ onCancel, onSaved }: PageFormProps) {
  const { t, lang } = useI18n();
  const w = t.paymentPages;
  const notify = useToast();
  const account = useAccount();
  const currency = account.data?.currency ?? "XAF";
  const create = useCreatePaymentPage();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => pageFormSchema(currency, lang, t.validation.required, t.marketplace), [currency, lang, t]);
  const form = useForm<PageFormValues>({
    resolver: localizedZodResolver(schema, t) as unknown as Resolver<PageFormValues>,
    defaultValues: EMPTY_PAGE,
  });
  const { errors, isSubmitting, isDirty, isSubmitted } = form.formState;
  useUnsavedChanges(isDirty && !isSubmitting);
  const [amountType, blocks] = useWatch({ control: form.control, name: ["amount_type", "blocks"] });
  const setBlocks = (next: BuilderBlock[]) => form.setValue("blocks", next, { shouldDirty: true, shouldValidate: isSubmitted });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        const page = await create.mutateAsync(pageBodyOf(values, currency));
        notify(w.created);
        onSaved(page);
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
          if (bound !== undefined && ["amount", "min_amount", "max_amount"].includes(field)) message = message.replace(String(bound), formatMoney(Number(bound), currency, lang));
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
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="create-page-form">
      <FormError>{formError}</FormError>
      <Field label={w.fieldTitle} error={errors.title?.message}>
        <Input maxLength={100} required {...reg("title")} />
      </Field>
      <Field label={w.fieldDescription} error={errors.description?.message}>
        <Textarea maxLength={1000} {...reg("description")} />
      </Field>
      <Field label={w.amountType} error={errors.amount_type?.message}>
        <Select {...reg("amount_type")}>
          <option value="fixed">{w.fixed}</option>
          <option value="custom">{w.custom}</option>
        </Select>
      </Field>
      {fixed ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={`${w.price} (${currency})`} error={errors.amount?.message}>
            <Input inputMode="decimal" autoComplete="off" {...reg("amount")} />
          </Field>
          <Field label={w.maxQuantity} error={errors.max_quantity?.message}>
            <Input inputMode="numeric" autoComplete="off" {...reg("max_quantity")} />
          </Field>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={`${w.minAmount} (${currency})`} error={errors.min_amount?.message}>
            <Input inputMode="decimal" autoComplete="off" {...reg("min_amount")} />
          </Field>
          <Field label={`${w.maxAmount} (${currency})`} error={errors.max_amount?.message}>
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
      <FormActions submitLabel={w.create} submitting={isSubmitting} onCancel={onCancel} holdCancel />
    </form>
  );
}
