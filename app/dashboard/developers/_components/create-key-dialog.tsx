"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field, FormError, Input } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { SecretOnce } from "@/components/ui/secret-once";
import { accountOperations } from "@/lib/accounts/operations";
import { applyServerError } from "@/lib/forms/server-errors";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { useI18n } from "@/lib/i18n/provider";
import { useCreateApiKey } from "@/lib/query/api-keys";
import type { CreatedApiKey } from "@/lib/query/types";

const createKeyBody = accountOperations.createKey.body;

/** New API key: a name, then the key shown once (leaving takes an explicit "I saved it"). */
export function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={created ? t.developers.keyCreatedTitle : t.developers.newKey}
      description={created ? t.developers.keyCreatedText : undefined}
      closeLabel={t.common.close}
      dismissible={!created} // the key is shown once: leaving takes the explicit "I saved it"
    >
      {open && (created ? <ShowKey created={created} onDone={close} /> : <CreateKeyForm onCreated={setCreated} onCancel={close} />)}
    </Dialog>
  );
}

function CreateKeyForm({ onCreated, onCancel }: { onCreated: (key: CreatedApiKey) => void; onCancel: () => void }) {
  const { t } = useI18n();
  const notify = useToast();
  const create = useCreateApiKey();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ resolver: localizedZodResolver(createKeyBody, t), defaultValues: { name: "" } });
  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      onCreated(await create.mutateAsync(body));
      notify(t.developers.createdToast);
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ["name"], t));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormError>{formError}</FormError>
      <Field label={t.developers.keyName} description={t.developers.keyNameHint} error={form.formState.errors.name?.message}>
        <Input autoComplete="off" {...form.register("name")} />
      </Field>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          {t.common.cancel}
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t.developers.createKey}
        </Button>
      </DialogActions>
    </form>
  );
}

function ShowKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useI18n();
  return (
    <div>
      <SecretOnce label={created.name} value={created.api_key} testId="new-api-key" savedLabel={t.developers.keySaved}>
        {(saved) => (
          <DialogActions>
            <Button disabled={!saved} onClick={onDone}>
              {t.common.close}
            </Button>
          </DialogActions>
        )}
      </SecretOnce>
    </div>
  );
}
