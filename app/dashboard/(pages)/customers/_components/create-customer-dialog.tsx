"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Dialog, FormActions } from "@/components/ui/dialog";
import { Field, FormError, Input } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { errorMessage, fieldErrorMessage } from "@/lib/forms/messages";
import { useI18n } from "@/lib/i18n/provider";
import { ApiRequestError } from "@/lib/query/api-fetch";
import { useCreateCustomer } from "@/lib/query/customers";

/** Add a payer by hand: the number (national or international), a name and an e-mail if known. The API checks it all. */
export function CreateCustomerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Dialog open={open} onClose={onClose} title={t.customers.createTitle} closeLabel={t.common.close}>
      {open && <CreateForm onDone={onClose} />}
    </Dialog>
  );
}

function CreateForm({ onDone }: { onDone: () => void }) {
  const { t } = useI18n();
  const w = t.customers;
  const notify = useToast();
  const router = useRouter();
  const create = useCreateCustomer();
  const [values, setValues] = useState({ phone_number: "", name: "", email: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    try {
      const customer = await create.mutateAsync(values);
      notify(w.created);
      onDone();
      router.push(`/dashboard/customers/${customer.id}`);
    } catch (error) {
      if (error instanceof ApiRequestError && error.type === "VALIDATION") {
        const byField: Record<string, string> = {};
        for (const [field, item] of Object.entries(error.fieldErrors)) byField[field] ??= fieldErrorMessage(item, t, field);
        setErrors(byField);
        setFormError(t.errors.validation);
      } else setFormError(errorMessage(error, t));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="create-customer-form">
      <FormError>{formError}</FormError>
      <Field label={w.fieldPhone} description={w.fieldPhoneHint} error={errors.phone_number}>
        <Input name="phone_number" type="tel" inputMode="tel" autoComplete="off" value={values.phone_number} onChange={set("phone_number")} maxLength={32} required />
      </Field>
      <Field label={w.fieldName} error={errors.name}>
        <Input name="name" value={values.name} onChange={set("name")} maxLength={100} />
      </Field>
      <Field label={w.fieldEmail} error={errors.email}>
        <Input name="email" type="email" value={values.email} onChange={set("email")} maxLength={254} />
      </Field>
      <FormActions submitLabel={w.create} submitting={create.isPending} onCancel={onDone} />
    </form>
  );
}
