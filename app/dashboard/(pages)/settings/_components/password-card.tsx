"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, FormError, Input } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { changePasswordBody } from "@/lib/accounts/schemas";
import { errorMessage } from "@/lib/forms/messages";
import { localizedZodResolver } from "@/lib/forms/zod-resolver";
import { useI18n } from "@/lib/i18n/provider";
import { ApiRequestError, apiFetch } from "@/lib/query/api-fetch";
import { useMode } from "@/lib/query/mode";

type Values = { current_password: string; new_password: string };

/** The member's own password (POST /api/auth/password): the current one first; their other devices are signed out. */
export function PasswordCard() {
  const { t } = useI18n();
  const w = t.access.password;
  const { mode } = useMode();
  const notify = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: localizedZodResolver(changePasswordBody, t), defaultValues: { current_password: "", new_password: "" } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      await apiFetch("/api/auth/password", { mode, method: "POST", body });
      form.reset();
      notify(w.done);
    } catch (error) {
      if (error instanceof ApiRequestError && error.type === "WRONG_PASSWORD") {
        form.setError("current_password", { message: w.wrongCurrent }, { shouldFocus: true });
      } else setProblem(errorMessage(error, t));
    }
  });
  return (
    <Card title={w.title}>
      <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4" data-testid="password-change">
        <p className="text-sm text-stone-600">{w.intro}</p>
        <FormError>{problem}</FormError>
        <Field label={w.current} error={errors.current_password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register("current_password")} />
        </Field>
        <Field label={w.next} description={w.nextHint} error={errors.new_password?.message}>
          <Input type="password" autoComplete="new-password" {...form.register("new_password")} />
        </Field>
        <div>
          <Button type="submit" loading={isSubmitting}>
            {w.submit}
          </Button>
        </div>
      </form>
    </Card>
  );
}
