"use client";

import { useState } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { applyServerError } from "@/lib/forms/server-errors";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { useI18n } from "@/lib/i18n/provider";
import { AuthLink } from "./auth-link";

/**
 * An auth page's form, validated with the API's own schema: `send` posts it; a server's answer on a
 * field lands beside it, anything else above the form, unless `handled` takes the error (a spent link).
 */
export function useAuthForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S> & FieldValues>,
  fields: readonly Path<z.input<S> & FieldValues>[],
  send: (body: z.output<S> & FieldValues) => Promise<unknown>,
  handled: (error: unknown) => boolean = () => false,
) {
  const { t } = useI18n();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ resolver: localizedZodResolver(schema, t), defaultValues });
  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await send(body);
    } catch (error) {
      if (!handled(error)) setFormError(applyServerError(error, form.setError, fields, t));
    }
  });
  return { form, errors: form.formState.errors, formError, onSubmit };
}

/** The frame of an auth form: title and introduction, the form-level error, the fields, one wide submit button; `footer` below. */
export function AuthForm({ title, intro, auth, submitLabel, children, footer }: {
  title: string;
  intro: string;
  /** what useAuthForm returns */
  auth: { formError: string | null; onSubmit: React.FormEventHandler; form: { formState: { isSubmitting: boolean } } };
  submitLabel: string;
  children: React.ReactNode;
  /** the way to the next page below the form: "no account yet? Sign up" */
  footer?: { question?: string; href: string; link: string };
}) {
  return (
    <>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-sm text-stone-600">{intro}</p>
      <form onSubmit={auth.onSubmit} noValidate className="mt-6 flex flex-col gap-4">
        <FormError>{auth.formError}</FormError>
        {children}
        <Button type="submit" loading={auth.form.formState.isSubmitting} className="mt-2 w-full">
          {submitLabel}
        </Button>
      </form>
      {footer && (
        <p className="mt-6 text-center text-sm text-stone-600">
          {footer.question && `${footer.question} `}
          <AuthLink href={footer.href}>{footer.link}</AuthLink>
        </p>
      )}
    </>
  );
}

/** What an auth page says instead of its form (a mail sent, a link spent): a title, then the words. */
export function AuthNotice({ role, title, children }: { role: "status" | "alert"; title: string; children: React.ReactNode }) {
  return (
    <div role={role}>
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}
