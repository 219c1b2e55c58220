"use client";

import { useMemo, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { ColorPicker, tidyHex } from "@/components/color-picker/color-picker";
import { CheckoutPreview } from "@/components/form-builder/checkout-preview";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, FormError, Input } from "@/components/ui/field";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/forms/messages";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { useI18n } from "@/lib/i18n/provider";
import { ApiRequestError } from "@/lib/query/api-fetch";
import { useAccount } from "@/lib/query/account";
import { useCreateMarketplace } from "@/lib/query/marketplace";
import { commaToDot, identitySchema, itemsOf, placeItems, type IdentityValues } from "./settings-schema";
import { Can } from "@/lib/query/role";

const DEFAULT_COLOR = "#0f766e";

/** No marketplace yet in this mode: a name (and, if they like, a colour and a fee) creates it. */
export function CreateMarketplace() {
  const words = useI18n().t.marketplace;
  const account = useAccount();
  // the form starts from the account (its business name, its currency): wait for it
  if (account.isPending) {
    return (
      <LoadingRegion label={words.settings.loading}>
        <Skeleton className="h-96 w-full" />
      </LoadingRegion>
    );
  }
  return <CreateForm businessName={account.data?.business_name ?? ""} currency={account.data?.currency ?? "XAF"} />;
}

function CreateForm({ businessName, currency }: { businessName: string; currency: string }) {
  const words = useI18n().t.marketplace;
  const s = words.settings;
  const { t, lang } = useI18n();
  const notify = useToast();
  const create = useCreateMarketplace();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => identitySchema(words), [words]);
  const form = useForm<IdentityValues>({
    resolver: localizedZodResolver(schema, t),
    defaultValues: { name: businessName, color: DEFAULT_COLOR, fee: "0" }, // the business name is a good first name
  });
  const { errors, isSubmitting } = form.formState;
  const [name, color, fee] = useWatch({ control: form.control, name: ["name", "color", "fee"] });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const body = new FormData();
    body.append("name", values.name.trim());
    body.append("color", tidyHex(values.color));
    body.append("fee", values.fee.trim());
    try {
      await create.mutateAsync(body);
      notify(s.created);
    } catch (error) {
      if (error instanceof ApiRequestError && error.type === "VALIDATION") {
        for (const [path, message] of placeItems(itemsOf(error), words)) {
          if (path === "name" || path === "color" || path === "fee") form.setError(path, { type: "server", message }, { shouldFocus: true });
          else setFormError(message);
        }
      } else {
        setFormError(error instanceof ApiRequestError ? ((words.errors as Record<string, string>)[error.type] ?? errorMessage(error, t)) : errorMessage(error, t));
      }
    }
  });

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <Card title={s.createTitle}>
        <p className="mb-5 text-sm text-stone-600">{s.createIntro}</p>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <FormError>{formError}</FormError>
          <Field label={s.name} description={s.nameHint} error={errors.name?.message}>
            <Input maxLength={80} autoComplete="organization" {...form.register("name")} />
          </Field>
          <Controller
            control={form.control}
            name="color"
            render={({ field }) => (
              <ColorPicker words={words.color} locale={lang} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.color?.message} />
            )}
          />
          <Field label={`${s.fee} (%)`} description={s.feeHint} error={errors.fee?.message}>
            <Input inputMode="decimal" autoComplete="off" className="max-w-32" {...form.register("fee", { setValueAs: commaToDot })} />
          </Field>
          <Can operation="marketplace_create">
            <div>
              <Button type="submit" loading={isSubmitting}>
                {s.createAction}
              </Button>
            </div>
          </Can>
        </form>
      </Card>
      <section aria-labelledby="preview-title" className="flex flex-col gap-2">
        <h2 id="preview-title" className="text-base font-semibold">
          {words.preview.title}
        </h2>
        <CheckoutPreview name={name} color={color} logoUrl={null} fee={fee} currency={currency} blocks={[]} active />
      </section>
    </div>
  );
}
