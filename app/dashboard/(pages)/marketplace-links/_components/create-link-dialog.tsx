"use client";

import Link from "next/link";
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog, DialogActions, FormActions } from "@/components/ui/dialog";
import { Field, FormError, Input, Textarea } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { amountBounds, countries, type CountryIso3 } from "@/lib/countries";
import { decimalsOf, formatMoney, type Currency } from "@/lib/core/money";
import { amountInputText, parseAmountInput } from "@/lib/forms/amount-input";
import { applyServerError } from "@/lib/forms/server-errors";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { fill } from "@/lib/core/fill";
import { countryLabel } from "@/lib/i18n/labels";
import { formatNumber } from "@/lib/i18n/numbers";
import { useI18n } from "@/lib/i18n/provider";
import { ApiRequestError } from "@/lib/query/api-fetch";
import { useCreateMarketplaceLink, useUpdateMarketplaceLink, type MarketplaceLink } from "@/lib/query/marketplace";
import {
  defaultFeeOf,
  dialCodeOf,
  formatAsTyped,
  linkFormSchema,
  phoneInfo,
  type LinkFormValues,
} from "./link-form";
import { useUnsavedChanges } from "../../_components/leave-guard";
import { buyerPrice } from "@/lib/marketplace-gateways/fee";
import { ShareLink } from "../../_components/share-link";

type Props = {
  open: boolean;
  onClose: () => void;
  /** the marketplace's commission, in percent */
  feePercent: number;
  /** the account's country: its currency and dialling code are the defaults until the seller's phone says otherwise */
  country: CountryIso3;
  /** editing this link instead of creating one */
  link?: MarketplaceLink;
};

const FIELDS = ["amount", "shop_name", "phone_number", "fee", "message", "favicon"] as const;

/**
 * A seller's product link (the page mounts a fresh one at each opening): price, shop, payout phone,
 * commission (default computed live), message; or, given `link`, the same form filled in to edit it.
 */
export function CreateLinkDialog({ open, onClose, feePercent, country, link: editing }: Props) {
  const accountCurrency = countries[country].currency;
  const dialCode = dialCodeOf(country);
  const words = useI18n().t.marketplace;
  const w = words.links;
  const { t, lang, count } = useI18n();
  const notify = useToast();
  const create = useCreateMarketplaceLink();
  const update = useUpdateMarketplaceLink();
  const id = useId();
  const [created, setCreated] = useState<MarketplaceLink | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [feeCustom, setFeeCustom] = useState(Boolean(editing)); // an edited link keeps its commission

  const currencyOf = useCallback(
    (phone: string): Currency => {
      const info = phoneInfo(phone);
      return info.state === "ok" ? info.currency : accountCurrency;
    },
    [accountCurrency],
  );
  // the seller's currency decides the decimals and bounds: the schema follows the phone typed
  const resolver = useCallback<Resolver<LinkFormValues>>(
    (values, context, options) =>
      (localizedZodResolver(linkFormSchema(currencyOf(values.phone_number), words, lang), t) as unknown as Resolver<LinkFormValues>)(
        values,
        context,
        options,
      ),
    [currencyOf, words, lang, t],
  );
  const empty: LinkFormValues = useMemo(() => {
    if (!editing) return { amount: "", shop_name: "", phone_number: `${dialCode} `, fee: "", message: "" };
    const places = decimalsOf(editing.currency as Currency);
    return {
      amount: amountInputText(editing.amount, places),
      shop_name: editing.shop_name,
      phone_number: formatAsTyped(`+${editing.phone_number}`),
      fee: amountInputText(editing.fee, places),
      message: editing.message,
      favicon: editing.favicon,
    };
  }, [dialCode, editing]);
  const form = useForm<LinkFormValues>({ resolver, defaultValues: empty });
  const { errors, isSubmitting, isDirty } = form.formState;
  const confirmLeave = useUnsavedChanges(isDirty && !isSubmitting && !created);
  const [amount, phone, feeText, favicon] = useWatch({ control: form.control, name: ["amount", "phone_number", "fee", "favicon"] });
  const phoneState = phoneInfo(phone);
  const currency = currencyOf(phone);
  const decimals = decimalsOf(currency);
  const bounds = amountBounds(currency);
  const money = (minor: number) => formatMoney(minor, currency, lang);
  const autoFee = defaultFeeOf(amount, feePercent, currency);

  // The default commission follows the price as it is typed, until the merchant writes their own.
  useEffect(() => {
    if (feeCustom) return;
    form.setValue("fee", autoFee === null ? "" : amountInputText(autoFee, decimals));
  }, [autoFee, decimals, feeCustom, form]);


  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    // validated by the resolver: the output is the API's body (minor units)
    const body = values as unknown as { amount: number; shop_name: string; phone_number: string; fee?: number; message: string; favicon?: string };
    try {
      if (editing) {
        await update.mutateAsync({
          id: editing.id,
          body: {
            amount: body.amount,
            shop_name: body.shop_name,
            phone_number: body.phone_number,
            message: body.message,
            favicon: body.favicon ?? "",
            ...(feeCustom && body.fee !== undefined ? { fee: body.fee } : { fee: autoFee ?? 0 }),
          },
        });
        notify(w.updated);
        onClose();
        return;
      }
      const link = await create.mutateAsync({
        amount: body.amount,
        shop_name: body.shop_name,
        phone_number: body.phone_number,
        message: body.message,
        ...(feeCustom && body.fee !== undefined ? { fee: body.fee } : {}), // else the API computes the same default
      });
      setCreated(link);
      notify(w.created);
    } catch (error) {
      const unplaced = applyServerError(error, form.setError, FIELDS, t);
      if (error instanceof ApiRequestError && error.type === "VALIDATION") {
        // the API's bounds are in minor units and its phone message is technical: say it our way
        const items = error.fieldErrors;
        const say = (field: (typeof FIELDS)[number], message: string) => form.setError(field, { type: "server", message });
        if (items.phone_number) say("phone_number", w.phoneBad);
        if (items.amount) say("amount", fill(w.amountInvalid, { min: money(bounds.min), max: money(bounds.max) }));
        if (items.fee) {
          say("fee", items.fee.type === "less_than_equal" ? fill(w.totalTooHigh, { max: money(bounds.max) }) : count(w.feeInvalid, decimals));
        }
      }
      const known = error instanceof ApiRequestError ? (words.errors as Record<string, string>)[error.type] : undefined;
      setFormError(known ?? unplaced);
    }
  });

  const price = parseAmountInput(amount, currency);
  const fee = feeCustom ? parseAmountInput(feeText, currency) : autoFee;
  const total = price === null || fee === null ? null : buyerPrice(price, fee);

  return (
    <Dialog
      open={open}
      onClose={() => confirmLeave(onClose)} // Escape, × or the backdrop: typed changes are not dropped unasked
      title={created ? w.created : editing ? w.editTitle : w.createTitle}
      description={editing ? w.editNote : undefined}
      closeLabel={t.common.close}
      size="lg"
      dismissible={!isSubmitting}
    >
      {created ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-stone-700">{w.createdText}</p>
          {/* the payment links' share panel: the address (wrapped, never cut), WhatsApp, SMS, e-mail, the QR code as PNG and SVG */}
          <ShareLink url={created.link} name={created.shop_name} amount={formatMoney(buyerPrice(created.amount, created.fee), created.currency, lang)} />
          <DialogActions>
            <Button variant="secondary" onClick={onClose}>
              {t.common.close}
            </Button>
            <Link href={`/dashboard/marketplace-links/${created.id}`} className={buttonClass("primary")}>
              {w.viewLink}
            </Link>
          </DialogActions>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormError>{formError}</FormError>
          <Field label={w.shopName} description={w.shopNameHint} error={errors.shop_name?.message}>
            <Input maxLength={100} autoComplete="off" {...form.register("shop_name")} />
          </Field>
          <Field
            label={w.phone}
            description={
              phoneState.state === "ok" ? (
                <span className="font-medium text-teal-800">
                  {fill(w.phoneOk, { country: countryLabel(phoneState.country, lang), formatted: phoneState.formatted })}
                </span>
              ) : (
                w.phoneHint
              )
            }
            error={errors.phone_number?.message}
          >
            <Input
              type="tel"
              inputMode="tel"
              autoComplete="off"
              maxLength={32}
              {...form.register("phone_number", { onBlur: (event) => form.setValue("phone_number", formatAsTyped(event.target.value)) })}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={fill(w.amount, { currency })}
              description={fill(w.amountHint, { min: money(bounds.min), max: money(bounds.max) })}
              error={errors.amount?.message}
            >
              <Input inputMode={decimals ? "decimal" : "numeric"} autoComplete="off" {...form.register("amount")} />
            </Field>
            <Field
              label={fill(w.fee, { currency })}
              description={
                <span id={`${id}-fee-note`}>
                  {feeCustom ? w.feeCustom : fill(w.feeDefault, { fee: autoFee === null ? "—" : money(autoFee), percent: formatNumber(feePercent, lang) })}
                  {feeCustom && (
                    <>
                      {" "}
                      <button
                        type="button"
                        onClick={() => setFeeCustom(false)}
                        className="rounded font-medium text-teal-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-teal-700"
                      >
                        {w.feeReset}
                      </button>
                    </>
                  )}
                </span>
              }
              error={errors.fee?.message}
            >
              <Input
                inputMode={decimals ? "decimal" : "numeric"}
                autoComplete="off"
                {...form.register("fee", { onChange: () => setFeeCustom(true) })}
              />
            </Field>
          </div>
          {total !== null && (
            <p className="rounded-md bg-stone-100 px-3 py-2 text-sm font-medium text-stone-800" aria-live="polite" data-testid="buyer-total">
              {fill(w.total, { amount: money(total) })}
            </p>
          )}
          <Field label={w.message} description={w.messageHint} error={errors.message?.message}>
            <Textarea maxLength={500} rows={3} {...form.register("message")} />
          </Field>
          {editing && (
            <div className="flex flex-col gap-2">
              <Field label={w.favicon} description={w.faviconHint} error={errors.favicon?.message}>
                <Input type="url" inputMode="url" placeholder="https://" autoComplete="off" {...form.register("favicon")} />
              </Field>
              {favicon && (
                <Button variant="secondary" size="sm" className="self-start" onClick={() => form.setValue("favicon", "", { shouldDirty: true })}>
                  {w.faviconRemove}
                </Button>
              )}
            </div>
          )}
          <FormActions submitLabel={editing ? t.common.save : t.common.create} submitting={isSubmitting} onCancel={onClose} holdCancel />
        </form>
      )}
    </Dialog>
  );
}


