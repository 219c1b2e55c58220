"use client";

import { useRouter } from "next/navigation";
import { dashboardHome, type Role } from "@/lib/core/roles";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, FormError, Input } from "@/components/ui/field";
import type { InvitationView } from "@/lib/accounts/invitations";
import { applyServerError } from "@/lib/forms/server-errors";
import { useI18n } from "@/lib/i18n/provider";
import { ApiRequestError, apiFetch } from "@/lib/query/api-fetch";
import { AuthNotice } from "../../_components/auth-form";
import { AuthLink } from "../../_components/auth-link";

type Values = { name: string; password: string };

/** The invitation page: what the link offers, and the one step it takes to join. */
export function AcceptInvitation({ token, invitation, signedInAs }: { token: string; invitation: InvitationView; signedInAs: string | null }) {
  const { t, lang, fill } = useI18n();
  const words = t.team.invitation;
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [spent, setSpent] = useState(false);
  const form = useForm<Values>({ defaultValues: { name: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  if (invitation.state === "invalid" || spent) {
    return (
      <AuthNotice role="alert" title={words.invalidTitle}>
        <p className="mt-3 text-sm text-stone-700">{words.invalid}</p>
      </AuthNotice>
    );
  }
  const sameLogin = signedInAs?.toLowerCase() === invitation.email.toLowerCase();
  const otherLogin = signedInAs && !sameLogin;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const body = sameLogin ? { token } : { token, password: values.password, ...(invitation.hasLogin ? {} : { name: values.name, language: lang }) };
    try {
      const joined = await apiFetch<{ role: Role }>("/api/auth/invitations/accept", { mode: "test", method: "POST", body });
      router.replace(dashboardHome(joined.role)); // a cashier: the counter, straight away
      router.refresh();
    } catch (error) {
      if (error instanceof ApiRequestError && error.type === "INVALID_TOKEN") return setSpent(true);
      setFormError(applyServerError(error, form.setError, ["password", "name"], t));
    }
  });

  async function signOut() {
    await fetch("/api/auth/logout", { method: "POST", credentials: "same-origin" });
    router.refresh();
  }

  return (
    <>
      <h1 className="text-2xl font-bold break-words">{fill(words.title, { business: invitation.business })}</h1>
      <p className="mt-2 text-sm text-stone-700">{fill(words.intro, { role: t.team.roles[invitation.role], hint: t.team.roleHints[invitation.role] })}</p>
      <p className="mt-1 text-sm text-stone-600 [overflow-wrap:anywhere]">{fill(words.forEmail, { email: invitation.email })}</p>
      {otherLogin ? (
        <div className="mt-6">
          <p className="text-sm text-stone-700">{fill(words.otherLogin, { email: signedInAs, invited: invitation.email })}</p>
          <Button className="mt-4 w-full" variant="secondary" onClick={() => void signOut()}>
            {words.signOut}
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4">
          <FormError>{formError}</FormError>
          {sameLogin ? (
            <p className="text-sm text-stone-700">{fill(words.signedInAs, { email: signedInAs })}</p>
          ) : (
            <>
              <p className="text-sm text-stone-700">{invitation.hasLogin ? words.existingLogin : words.newLogin}</p>
              {!invitation.hasLogin && (
                <Field label={words.name} error={errors.name?.message}>
                  <Input autoComplete="name" {...form.register("name")} />
                </Field>
              )}
              {/* the address the password goes with, for password managers */}
              <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
              <Field label={words.password} description={invitation.hasLogin ? undefined : t.auth.passwordHint} error={errors.password?.message}>
                <Input type="password" autoComplete={invitation.hasLogin ? "current-password" : "new-password"} {...form.register("password")} />
              </Field>
            </>
          )}
          <Button type="submit" loading={isSubmitting} className="mt-2 w-full">
            {fill(words.join, { business: invitation.business })}
          </Button>
          {invitation.hasLogin && !sameLogin && (
            <p className="text-sm">
              <AuthLink href="/forgot-password">{words.forgot}</AuthLink>
            </p>
          )}
        </form>
      )}
    </>
  );
}
