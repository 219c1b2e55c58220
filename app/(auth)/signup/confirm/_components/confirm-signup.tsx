"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { errorMessage } from "@/lib/forms/messages";
import { useI18n } from "@/lib/i18n/provider";
import { ApiRequestError, apiFetch } from "@/lib/query/api-fetch";
import { AuthLink } from "../../../_components/auth-link";
import { useRouter } from "next/navigation";

type Opened = { account_id: string; email: string; business_name: string };

export function ConfirmSignup({ token, usable }: { token: string; usable: boolean }) {
  const { t } = useI18n();
  const [pending, setPending] = useState(false);
  const router = useRouter();
  const [opened, setOpened] = useState(false);
  const [problem, setProblem] = useState<{ type: string | null; message: string } | null>(
    token && usable ? null : { type: "INVALID_TOKEN", message: t.auth.linkInvalid },
  );

  const confirm = async () => {
    setPending(true);
    setProblem(null);
    try {
      await apiFetch<Opened>("/api/auth/signup/confirm", { mode: "test", method: "POST", body: { token } });
      // signed in: the first screen is the overview's « create your first link » (no key to save)
      setOpened(true);
      router.replace("/dashboard");
      router.refresh();
      return;
    } catch (error) {
      setProblem({ type: error instanceof ApiRequestError ? error.type : null, message: errorMessage(error, t) });
    } finally {
      setPending(false);
    }
  };

  if (opened) return <p className="text-sm text-stone-600" role="status">{t.common.loading}</p>;
  const final = problem?.type === "INVALID_TOKEN" || problem?.type === "EMAIL_TAKEN";
  return (
    <>
      <h1 className="text-2xl font-bold">{t.auth.confirmTitle}</h1>
      {final ? (
        <div role="alert">
          <p className="mt-3 text-sm text-stone-700">{problem!.message}</p>
          <p className="mt-6 text-sm">
            <AuthLink href={problem!.type === "EMAIL_TAKEN" ? "/login" : "/signup"}>
              {problem!.type === "EMAIL_TAKEN" ? t.auth.toLogin : t.auth.toSignup}
            </AuthLink>
          </p>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-600">{t.auth.confirmIntro}</p>
          <div className="mt-6 flex flex-col gap-4">
            <FormError>{problem?.message ?? null}</FormError>
            <Button className="w-full" loading={pending} onClick={confirm}>
              {t.auth.confirmSubmit}
            </Button>
          </div>
        </>
      )}
    </>
  );
}
