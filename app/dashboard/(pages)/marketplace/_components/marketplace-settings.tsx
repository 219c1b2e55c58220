"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Controller, useForm, useWatch, type Path } from "react-hook-form";
import { ColorPicker, tidyHex } from "@/components/color-picker/color-picker";
import { CheckoutPreview } from "@/components/form-builder/checkout-preview";
import { blockErrorOf } from "@/components/form-builder/blocks-schema";
import { FormBuilder } from "@/components/form-builder/form-builder";
import { ImageUpload } from "@/components/upload/image-upload";
import { Button, buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Field, FormError, Input } from "@/components/ui/field";
import { Switch } from "@/components/ui/switch";
import { useToast } from "@/components/ui/toast";
import { fromResponse, sameBlocks, toRequestJson, type BuilderBlock } from "@/lib/form-builder/edits";
import { errorMessage } from "@/lib/forms/messages";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { useI18n } from "@/lib/i18n/provider";
import { ApiRequestError } from "@/lib/query/api-fetch";
import { useAccount } from "@/lib/query/account";
import { queryKeys } from "@/lib/query/keys";
import { MARKETPLACE_UPDATE_PATH, useUpdateMarketplace, type Marketplace } from "@/lib/query/marketplace";
import { useMode } from "@/lib/query/mode";
import { useUnsavedChanges } from "../../_components/leave-guard";
import { commaToDot, itemsOf, placeItems, settingsSchema, type SettingsValues } from "./settings-schema";
import { Can } from "@/lib/query/role";

/** The form's values from the API's marketplace; `keep` blocks are kept (with their ids) when they are the same. */
function valuesOf(marketplace: Marketplace, keep?: BuilderBlock[]): SettingsValues {
  const blocks = fromResponse(marketplace.form_blocks);
  return {
    name: marketplace.name,
    color: marketplace.color,
    fee: String(marketplace.fee),
    is_active: marketplace.is_active,
    seller_payout_delay_days: String(marketplace.seller_payout_delay_days),
    blocks: keep && sameBlocks(keep, blocks) ? keep : blocks,
  };
}


export function MarketplaceSettings({ marketplace }: { marketplace: Marketplace }) {
  const words = useI18n().t.marketplace;
  const s = words.settings;
  const { t, lang } = useI18n();
  const { mode } = useMode();
  const notify = useToast();
  const client = useQueryClient();
  const account = useAccount();
  const update = useUpdateMarketplace();
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  // set when a save fails on some inputs: once React has drawn their messages (and opened the
  // questions they are in), the first of them takes the focus
  const [focusRequest, setFocusRequest] = useState(0);
  const focusHandled = useRef(0);
  const focusFirstError = () => setFocusRequest((n) => n + 1);
  const sellerWords = t.sellers.settings;
  const schema = useMemo(() => settingsSchema(words, sellerWords.delayInvalid), [words, sellerWords]);
  const form = useForm<SettingsValues>({
    resolver: localizedZodResolver(schema, t),
    defaultValues: valuesOf(marketplace),
    shouldFocusError: false, // the blocks are not registered inputs: focusFirstError() finds any
  });
  const { errors, isSubmitting, isDirty, isSubmitted } = form.formState;
  useEffect(() => {
    if (focusRequest === focusHandled.current) return;
    const first = document.querySelector<HTMLElement>('[data-settings] [aria-invalid="true"]');
    if (!first) return; // react-hook-form publishes the errors after its onInvalid: wait for them
    focusHandled.current = focusRequest;
    first.focus();
  }, [errors, focusRequest]);
  const [name, color, fee, active, blocks] = useWatch({ control: form.control, name: ["name", "color", "fee", "is_active", "blocks"] });

  useUnsavedChanges(isDirty); // leaving or reloading with unsaved changes asks first

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      const body = new FormData();
      body.append("name", values.name.trim());
      body.append("color", tidyHex(values.color));
      body.append("fee", values.fee.trim());
      body.append("is_active", String(values.is_active));
      body.append("seller_payout_delay_days", values.seller_payout_delay_days.trim());
      body.append("form_blocks", toRequestJson(values.blocks));
      try {
        const saved = await update.mutateAsync(body);
        form.reset(valuesOf(saved, values.blocks));
        notify(s.saved);
      } catch (error) {
        if (error instanceof ApiRequestError && error.type === "VALIDATION") {
          let unplaced: string | null = null;
          for (const [path, message] of placeItems(itemsOf(error), words)) {
            if (path && path !== "logo" && path !== "favicon") form.setError(path as Path<SettingsValues>, { type: "server", message });
            else unplaced ??= message;
          }
          setFormError(unplaced);
          focusFirstError();
        } else {
          const known = error instanceof ApiRequestError ? (words.errors as Record<string, string>)[error.type] : undefined;
          setFormError(known ?? errorMessage(error, t));
          notify(known ?? errorMessage(error, t), "error");
        }
      }
    },
    () => {
      setFormError(null);
      focusFirstError();
    },
  );

  const blockError = (path: string) => blockErrorOf(errors.blocks, path);
  const setBlocks = (next: BuilderBlock[]) =>
    form.setValue("blocks", next, { shouldDirty: true, shouldValidate: isSubmitted });
  const onUploaded = (updated: Marketplace) => client.setQueryData(queryKeys.marketplace(mode), updated);

  return (
    <form onSubmit={onSubmit} noValidate data-settings className="pb-4">
      {/* a problem of the request itself, else a reminder while some inputs still show errors */}
      <div className="mb-4 empty:hidden">
        <FormError>{formError ?? (isSubmitted && Object.keys(errors).length > 0 ? s.fixErrors : null)}</FormError>
      </div>
      {/* one column on phones that never grows wider than the screen (an implicit grid column would take its widest content) */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_26rem]">
        <Card title={s.identity} className="lg:col-start-1">
          <div className="flex flex-col gap-5">
            <Field label={s.name} description={s.nameHint} error={errors.name?.message}>
              <Input maxLength={80} {...form.register("name")} />
            </Field>
            <Controller
              control={form.control}
              name="color"
              render={({ field }) => (
                <ColorPicker
                  id="marketplace-color"
                  words={words.color}
                  locale={lang}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.color?.message}
                />
              )}
            />
            <Field label={`${s.fee} (%)`} description={s.feeHint} error={errors.fee?.message}>
              <Input inputMode="decimal" autoComplete="off" className="max-w-32" {...form.register("fee", { setValueAs: commaToDot })} />
            </Field>
          </div>
        </Card>

        <Card title={sellerWords.title} className="lg:col-start-1">
          <p className="mb-4 text-sm text-stone-600">{sellerWords.intro}</p>
          <Field label={sellerWords.delay} description={sellerWords.delayHint} error={errors.seller_payout_delay_days?.message}>
            <Input inputMode="numeric" autoComplete="off" className="max-w-32" {...form.register("seller_payout_delay_days")} />
          </Field>
        </Card>

        <Card title={s.branding} className="lg:col-start-1">
          <p className="mb-4 text-sm text-stone-600">{s.brandingIntro}</p>
          <div className="flex flex-col gap-5">
            <ImageUpload kind="logo" currentUrl={marketplace.logo?.url ?? null} path={MARKETPLACE_UPDATE_PATH} method="PATCH" onUploaded={onUploaded} />
            <ImageUpload kind="favicon" currentUrl={marketplace.favicon || null} path={MARKETPLACE_UPDATE_PATH} method="PATCH" onUploaded={onUploaded} />
          </div>
        </Card>

        <Card title={s.form} className="lg:col-start-1">
          <p className="mb-4 text-sm text-stone-600">{s.formIntro}</p>
          <FormBuilder blocks={blocks} onChange={setBlocks} errorOf={blockError} />
        </Card>

        <section
          aria-labelledby={`${id}-preview`}
          // beside the builder on wide screens, as long as it is: no scrolling box of its own, so the
          // pay button at its end is never hidden under the save bar or cut off
          className="flex flex-col gap-2 lg:col-start-2 lg:row-span-4 lg:row-start-1"
        >
          <div>
            <h2 id={`${id}-preview`} className="text-base font-semibold">
              {words.preview.title}
            </h2>
            <p className="text-sm text-stone-600">{words.preview.intro}</p>
          </div>
          <CheckoutPreview
            name={name}
            color={color}
            logoUrl={marketplace.logo?.url ?? null}
            fee={fee}
            currency={account.data?.currency ?? "XAF"}
            blocks={blocks}
            active={active}
          />
        </section>

        <Card title={s.status} className="lg:col-start-1">
          <div className="flex items-start gap-3">
            <Controller
              control={form.control}
              name="is_active"
              render={({ field }) => (
                <Switch id={`${id}-active`} checked={field.value} onChange={field.onChange} aria-describedby={`${id}-active-hint`} />
              )}
            />
            <div>
              <label htmlFor={`${id}-active`} className="text-sm font-medium text-stone-800">
                {s.active}
              </label>
              <p id={`${id}-active-hint`} className="text-sm text-stone-600">
                {active ? s.activeOn : s.activeOff}
              </p>
            </div>
          </div>
          {marketplace.is_active && (
            <Link href="/dashboard/marketplace-links?new=1" className={cn(buttonClass("secondary", "sm"), "mt-4")}>
              {s.linksCta}
            </Link>
          )}
        </Card>
      </div>

      <div className="sticky bottom-0 z-20 -mx-4 mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur lg:-mx-8 lg:px-8">
        {/* the button comes first: the toasts appear in the bottom right corner */}
        <Can operation="marketplace_update">
          <Button type="submit" loading={isSubmitting}>
            {isSubmitting ? s.saving : s.save}
          </Button>
        </Can>
        <p className={cn("text-sm", isDirty ? "font-medium text-amber-800" : "text-stone-600")} aria-live="polite">
          {isDirty ? s.unsaved : s.upToDate}
        </p>
      </div>
    </form>
  );
}
