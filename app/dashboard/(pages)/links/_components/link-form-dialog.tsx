"use client";

import { useEffect, useMemo, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, FormActions } from "@/components/ui/dialog";
import { Field, FormError, Input, Textarea } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { amountBounds } from "@/lib/countries";
import { isCurrency, decimalsOf, formatMoney, type Currency } from "@/lib/core/money";
import { applyServerError } from "@/lib/forms/server-errors";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { useI18n } from "@/lib/i18n/provider";
import { ApiRequestError } from "@/lib/query/api-fetch";
import { useAccount } from "@/lib/query/account";
import { useCreateGateway, useUpdateGateway } from "@/lib/query/gateways";
import { useMode } from "@/lib/query/mode";
import { useProviders } from "@/lib/query/providers";
import type { Gateway, GatewayCreated } from "@/lib/query/types";
import { useConfirmLeave, useUnsavedChanges } from "../../_components/leave-guard";
import { useCreated } from "../../_components/use-created";
import { ShareLink } from "../../_components/share-link";
import { createLinkSchema, toMajorText, updateLinkSchema, type LinkFormValues } from "./link-form";

const OVERRIDES = { success_url: "url", failure_url: "url", order_id: "orderId" } as const;
const FIELDS = ["amount", "shop_name", "message", "order_id", "success_url", "failure_url"] as const;

type Props = {
  /** null: closed; "new": create; a link: edit it */
  target: "new" | Gateway | null;
  currency: string;
  /** the link was paid: its amount is locked */
  paid?: boolean;
  onClose: () => void;
};

/** Creating a live link while live mode has no provider: the merchant hears it now, not from a buyer. */
function LiveProviderNotice() {
  const { t } = useI18n();
  const { mode } = useMode();
  const providers = useProviders();
  if (mode !== "live" || !providers.data || providers.data.live_ready) return null;
  return (
    <p role="alert" className="rounded-md border border-orange-300 bg-orange-50 px-3 py-2 text-sm font-medium text-orange-900">
      {t.providers.liveWarning}
    </p>
  );
}

/**
 * Create or edit a payment link, validated with the API's own schemas before it is sent. A new
 * link opens its share panel (address, QR code, WhatsApp, SMS) in the same dialog.
 */
export function LinkFormDialog({ target, currency, paid, onClose }: Props) {
  const { t, lang } = useI18n();
  const editing = target !== null && target !== "new" ? target : null;
  const { created, setCreated, close } = useCreated<GatewayCreated>(onClose);
  const confirmLeave = useConfirmLeave();
  return (
    <Dialog
      open={target !== null}
      onClose={() => confirmLeave(close)} // Escape, × or the backdrop: typed changes are not dropped unasked
      title={created ? t.links.sharedTitle : editing ? t.links.editTitle : t.links.createTitle}
      description={created ? t.links.shareIntro : undefined}
      closeLabel={t.common.close}
      size="lg"
    >
      {created ? (
        <>
          <ShareLink url={created.link} name={created.shop_name} amount={formatMoney(created.amount, created.currency, lang)} />
          <DialogActions>
            <Button onClick={close}>{t.common.done}</Button>
          </DialogActions>
        </>
      ) : (
        target !== null && <LinkForm key={editing?.id ?? "new"} editing={editing} currency={currency} paid={paid} onDone={close} onCreated={setCreated} />
      )}
    </Dialog>
  );
}

type FormProps = { editing: Gateway | null; currency: string; paid?: boolean; onDone: () => void; onCreated: (link: GatewayCreated) => void };

function LinkForm({ editing, currency, paid, onDone, onCreated }: FormProps) {
  const { t, lang, fill } = useI18n();
  const notify = useToast();
  const create = useCreateGateway();
  const update = useUpdateGateway();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => (editing ? updateLinkSchema(currency, lang) : createLinkSchema(currency, lang)), [editing, currency, lang]);
  const form = useForm<LinkFormValues>({
    resolver: localizedZodResolver(schema, t, OVERRIDES) as unknown as Resolver<LinkFormValues>,
    defaultValues: {
      amount: editing ? toMajorText(editing.amount, currency) : "",
      shop_name: editing?.shop_name ?? "",
      message: editing?.message ?? "",
      order_id: editing?.order_id ?? "",
      success_url: editing?.success_url ?? "",
      failure_url: editing?.failure_url ?? "",
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  // a new link's « Nom affiché au client » starts as the business's name (the account may load after the form opens)
  const businessName = useAccount().data?.business_name ?? "";
  useEffect(() => {
    if (!editing && businessName && !form.getValues("shop_name")) form.resetField("shop_name", { defaultValue: businessName });
  }, [editing, businessName, form]);
  useUnsavedChanges(isDirty && !isSubmitting);
  const bounds = amountBounds((isCurrency(currency) ? currency : "XAF") as Currency);
  const range = fill(t.links.amountHint, { min: formatMoney(bounds.min, currency, lang), max: formatMoney(bounds.max, currency, lang) });
  // out-of-range amounts say the range in money, not in minor units
  const amountError =
    errors.amount &&
    (errors.amount.message !== t.validation.required && ["too_small", "too_big", "server"].includes(errors.amount.type as string)
      ? range
      : errors.amount.message);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const body = values as unknown as { amount: number; shop_name: string; message: string; order_id: string; success_url: string; failure_url: string };
    try {
      if (editing) {
        const { order_id: _unchangeable, ...changes } = body;
        void _unchangeable;
        await update.mutateAsync({ id: editing.id, body: paid ? { ...changes, amount: undefined } : changes });
        notify(t.links.updated);
        onDone();
      } else {
        onCreated(await create.mutateAsync(body));
      }
    } catch (error) {
      setFormError(applyServerError(error, form.setError, FIELDS, t, OVERRIDES));
      if (error instanceof ApiRequestError && error.type === "ORDER_ID_CONFLICT") {
        form.setError("order_id", { type: "conflict", message: t.errors.ORDER_ID_CONFLICT }, { shouldFocus: true });
        setFormError(null);
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {!editing && <LiveProviderNotice />}
      <FormError>{formError}</FormError>
      <div className="grid gap-4 sm:grid-cols-2">
        {paid && editing ? (
          // a paid link's amount is a fact, not a field: shown as text with a lock, nothing to type into
          <div className="flex flex-col gap-1.5" data-testid="locked-amount">
            <p className="text-sm font-medium text-stone-800">{fill(t.links.amount, { currency })}</p>
            <p className="flex items-center gap-2 py-2 text-base font-semibold tabular-nums">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0 fill-stone-500">
                <path d="M12 1a5 5 0 0 0-5 5v4H5v13h14V10h-2V6a5 5 0 0 0-5-5zm-3 9V6a3 3 0 0 1 6 0v4z" />
              </svg>
              {formatMoney(editing.amount, currency, lang)}
            </p>
            <p className="text-xs text-stone-600">{t.links.paidLocked}</p>
          </div>
        ) : (
          <Field label={fill(t.links.amount, { currency })} description={amountError === range ? undefined : range} error={amountError}>
            <Input inputMode={decimalsOf(currency) ? "decimal" : "numeric"} autoComplete="off" {...form.register("amount")} />
          </Field>
        )}
        <Field label={t.links.shopName} error={errors.shop_name?.message}>
          <Input autoComplete="organization" {...form.register("shop_name")} />
        </Field>
      </div>
      <Field label={t.links.message} description={t.links.messageHint} error={errors.message?.message}>
        <Textarea rows={2} {...form.register("message")} />
      </Field>
      <details className="group rounded-md border border-stone-200 px-3 py-2" open={Boolean(editing?.success_url || editing?.failure_url || errors.order_id || errors.success_url || errors.failure_url)}>
        <summary className="cursor-pointer text-sm font-medium text-stone-800">{t.links.advanced}</summary>
        <div className="mt-3 flex flex-col gap-4 pb-2">
          <Field label={t.links.orderId} description={t.links.orderIdHint} error={errors.order_id?.message}>
            <Input disabled={Boolean(editing)} autoComplete="off" {...form.register("order_id")} />
          </Field>
          <Field label={t.links.successUrl} description={t.links.urlHint} error={errors.success_url?.message}>
            <Input type="url" inputMode="url" placeholder="https://" {...form.register("success_url")} />
          </Field>
          <Field label={t.links.failureUrl} description={t.links.urlHint} error={errors.failure_url?.message}>
            <Input type="url" inputMode="url" placeholder="https://" {...form.register("failure_url")} />
          </Field>
        </div>
      </details>
      <FormActions submitLabel={editing ? t.common.save : t.common.create} submitting={isSubmitting} onCancel={onDone} holdCancel />
    </form>
  );
}
