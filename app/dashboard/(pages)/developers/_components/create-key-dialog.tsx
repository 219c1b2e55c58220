"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { Dialog, FormActions } from "@/components/ui/dialog";
import { Field, FormError, Input, Select } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { DialogSecret } from "@/components/ui/secret-once";
import { accountOperations } from "@/lib/accounts/auth-operations";
import { keyRolesFor } from "@/lib/core/roles";
import { applyServerError } from "@/lib/forms/server-errors";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { useI18n } from "@/lib/i18n/provider";
import { useCreateApiKey } from "@/lib/query/api-keys";
import { useRole } from "@/lib/query/role";
import type { CreatedApiKey } from "@/lib/query/types";
import { useCreated } from "../../_components/use-created";

const createKeyBody = accountOperations.createKey.body;

/** New API key: a name and a role up to the member's own, then the key shown once (leaving takes an explicit "I saved it"). */
export function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const { created, setCreated, close } = useCreated<CreatedApiKey>(onClose);
  return (
    <Dialog
      open={open}
      onClose={close}
      title={created ? t.developers.keyCreatedTitle : t.developers.newKey}
      description={created ? t.developers.keyCreatedText : undefined}
      closeLabel={t.common.close}
      dismissible={!created} // the key is shown once: leaving takes the explicit "I saved it"
    >
      {open && (created ? <DialogSecret label={created.name} value={created.api_key} testId="new-api-key" savedLabel={t.developers.keySaved} onDone={close} /> : <CreateKeyForm onCreated={setCreated} onCancel={close} />)}
    </Dialog>
  );
}

function CreateKeyForm({ onCreated, onCancel }: { onCreated: (key: CreatedApiKey) => void; onCancel: () => void }) {
  const { t } = useI18n();
  const notify = useToast();
  const create = useCreateApiKey();
  const [formError, setFormError] = useState<string | null>(null);
  const allowed = keyRolesFor(useRole()); // never above the member's own role (the API refuses it anyway)
  const form = useForm({ resolver: localizedZodResolver(createKeyBody, t), defaultValues: { name: "", role: allowed[0] } });
  const chosen = form.watch("role");
  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      onCreated(await create.mutateAsync(body));
      notify(t.developers.createdToast);
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ["name", "role"], t));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormError>{formError}</FormError>
      <Field label={t.developers.keyName} description={t.developers.keyNameHint} error={form.formState.errors.name?.message}>
        <Input autoComplete="off" {...form.register("name")} />
      </Field>
      {/* the option says the role; what it may do is said below, whole (a long option is cut on a phone) */}
      <Field label={t.developers.keyRole} description={`${t.team.roleHints[chosen ?? allowed[0]!]} ${t.developers.keyRoleHint}`} error={form.formState.errors.role?.message}>
        <Select {...form.register("role")}>
          {allowed.map((role) => (
            <option key={role} value={role}>
              {t.team.roles[role]}
            </option>
          ))}
        </Select>
      </Field>
      <FormActions submitLabel={t.developers.createKey} submitting={form.formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}
