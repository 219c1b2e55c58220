"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { cn, focusRing } from "@/components/ui/cn";
import { Dialog, FormActions } from "@/components/ui/dialog";
import { Field, FormError, Input } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { DialogSecret } from "@/components/ui/secret-once";
import { eventTypes } from "@/lib/core/event-types";
import { createWebhookBody, type CreateWebhookBody } from "@/lib/webhooks/schemas";
import { applyServerError } from "@/lib/forms/server-errors";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { useI18n } from "@/lib/i18n/provider";
import { useCreateWebhook, useUpdateWebhook, type WebhookEndpoint, type WebhookWithSecret } from "@/lib/query/webhooks";
import { useConfirmLeave, useUnsavedChanges } from "../../_components/leave-guard";
import { useCreated } from "../../_components/use-created";

// The API's own schema validates the form (lib/webhooks/schemas.ts depends on zod only).
type WebhookFormValues = z.input<typeof createWebhookBody>;

/** A new endpoint (then its signing secret, shown once), or an endpoint's URL, events and switch edited. */
export function WebhookDialog({ open, onClose, endpoint }: { open: boolean; onClose: () => void; endpoint?: WebhookEndpoint }) {
  const { t } = useI18n();
  const { created, setCreated, close } = useCreated<WebhookWithSecret>(onClose);
  const confirmLeave = useConfirmLeave();
  return (
    <Dialog
      open={open}
      onClose={() => confirmLeave(close)} // Escape, × or the backdrop: typed changes are not dropped unasked
      title={created ? t.developers.webhookSecretTitle : endpoint ? t.developers.webhookEditTitle : t.developers.webhookNew}
      description={created ? t.developers.webhookSecretText : undefined}
      closeLabel={t.common.close}
      dismissible={!created}
      size="lg"
    >
      {open &&
        (created ? (
          <ShowSecret created={created} onDone={close} />
        ) : (
          <WebhookForm endpoint={endpoint} onCreated={setCreated} onSaved={close} onCancel={close} />
        ))}
    </Dialog>
  );
}

type FormProps = {
  endpoint?: WebhookEndpoint;
  onCreated: (w: WebhookWithSecret) => void;
  onSaved: () => void;
  onCancel: () => void;
};

function WebhookForm({ endpoint, onCreated, onSaved, onCancel }: FormProps) {
  const { t } = useI18n();
  const notify = useToast();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<WebhookFormValues>({
    resolver: localizedZodResolver(createWebhookBody, t, { url: "webhookUrl" }),
    defaultValues: endpoint
      ? { url: endpoint.url, event_types: endpoint.event_types, enabled: endpoint.enabled }
      : { url: "", event_types: [], enabled: true },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  useUnsavedChanges(isDirty && !isSubmitting);
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const body = values as CreateWebhookBody;
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, body: { url: body.url, event_types: body.event_types, enabled: body.enabled } });
        notify(t.developers.webhookUpdatedToast);
        onSaved();
      } else {
        onCreated(await create.mutateAsync(body));
        notify(t.developers.webhookCreatedToast);
      }
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ["url", "event_types", "enabled"], t, { url: "webhookUrl" }));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormError>{formError}</FormError>
      <Field label={t.developers.webhookUrl} description={t.developers.webhookUrlHint} error={errors.url?.message}>
        <Input type="url" inputMode="url" placeholder="https://" autoComplete="off" {...form.register("url")} />
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">{t.developers.webhookEvents}</legend>
        <p className="text-xs text-stone-600">{t.developers.webhookEventsHint}</p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {eventTypes.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={type} className={cn("size-4 accent-teal-700", focusRing)} {...form.register("event_types")} />
              {t.developers.eventLabels[type]}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className={cn("size-4 accent-teal-700", focusRing)} {...form.register("enabled")} />
        {t.developers.webhookEnabled}
      </label>
      <FormActions submitLabel={endpoint ? t.common.save : t.developers.webhookCreate} submitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}

export function ShowSecret({ created, onDone }: { created: WebhookWithSecret; onDone: () => void }) {
  const { t } = useI18n();
  return (
    <DialogSecret
      label={created.url}
      labelClassName="block font-mono text-sm break-all"
      value={created.secret}
      testId="webhook-secret"
      savedLabel={t.developers.webhookSecretSaved}
      onDone={onDone}
    />
  );
}
