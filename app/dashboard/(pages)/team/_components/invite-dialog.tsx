"use client";

import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Dialog, FormActions } from "@/components/ui/dialog";
import { Field, FormError, Input, Select } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { roles } from "@/lib/core/roles";
import { invitationBody } from "@/lib/accounts/team-schemas";
import { applyServerError } from "@/lib/forms/server-errors";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { useI18n } from "@/lib/i18n/provider";
import { useInvite } from "@/lib/query/team";

/** Invite by e-mail with a role; the invitation mail leaves at once. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, fill } = useI18n();
  const words = t.team.team;
  const invite = useInvite();
  const notify = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ resolver: localizedZodResolver(invitationBody, t), defaultValues: { email: "", role: "viewer" as const } });
  const role = useWatch({ control: form.control, name: "role" });
  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };
  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await invite.mutateAsync(body);
      notify(fill(words.invited, { email: body.email }));
      close();
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ["email", "role"], t));
    }
  });
  return (
    <Dialog open={open} onClose={close} title={words.inviteTitle} description={words.inviteIntro} closeLabel={t.common.close}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormError>{formError}</FormError>
        <Field label={words.email} error={form.formState.errors.email?.message}>
          <Input type="email" autoComplete="off" {...form.register("email")} />
        </Field>
        <Field label={words.role} description={t.team.roleHints[role]} error={form.formState.errors.role?.message}>
          <Select {...form.register("role")}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {t.team.roles[r]}
              </option>
            ))}
          </Select>
        </Field>
        <FormActions submitLabel={words.send} submitting={form.formState.isSubmitting} onCancel={close} />
      </form>
    </Dialog>
  );
}
