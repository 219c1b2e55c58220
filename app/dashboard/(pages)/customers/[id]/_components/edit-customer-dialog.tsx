"use client";

import { useState } from "react";
import { Dialog, FormActions } from "@/components/ui/dialog";
import { Field, FormError, Input } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { errorMessage, fieldErrorMessage } from "@/lib/forms/messages";
import { useI18n } from "@/lib/i18n/provider";
import { ApiRequestError } from "@/lib/query/api-fetch";
import { useUpdateCustomer, type Customer } from "@/lib/query/customers";

/** The name and e-mail of a customer (the number is what the customer is: it does not change). */
export function EditCustomerDialog({ customer, onClose }: { customer: Customer | null; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Dialog open={customer !== null} onClose={onClose} title={t.customers.editTitle} closeLabel={t.common.close}>
      {customer && <EditForm customer={customer} onDone={onClose} />}
    </Dialog>
  );
}

function EditForm({ customer, onDone }: { customer: Customer; onDone: () => void }) {
  const { t } = useI18n();
  const w = t.customers;
  const notify = useToast();
  const update = useUpdateCustomer();
  const [values, setValues] = useState({ name: customer.name ?? "", email: customer.email ?? "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    try {
      await update.mutateAsync({ id: customer.id, ...values });
      notify(w.saved);
      onDone();
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
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="edit-customer-form">
      <FormError>{formError}</FormError>
      <Field label={w.fieldName} error={errors.name}>
        <Input name="name" value={values.name} onChange={set("name")} maxLength={100} />
      </Field>
      <Field label={w.fieldEmail} error={errors.email}>
        <Input name="email" type="email" value={values.email} onChange={set("email")} maxLength={254} />
      </Field>
      <FormActions submitLabel={w.save} submitting={update.isPending} onCancel={onDone} />
    </form>
  );
}
