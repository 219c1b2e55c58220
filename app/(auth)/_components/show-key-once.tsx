"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { SecretOnce } from "@/components/ui/secret-once";
import { useI18n } from "@/lib/i18n/provider";

/** The test key, once: copy it, tick "I saved it", then enter the dashboard. */
export function ShowKeyOnce({ apiKey, business }: { apiKey: string; business: string }) {
  const { t, fill } = useI18n();
  const router = useRouter();
  return (
    <div>
      <p className="text-sm font-medium text-teal-800">{fill(t.auth.welcome, { name: business })}</p>
      <h1 className="mt-1 text-2xl font-bold">{t.auth.keyTitle}</h1>
      <p className="mt-2 text-sm text-stone-600">{t.auth.keyIntro}</p>
      <SecretOnce
        label={t.auth.keyLabel}
        labelClassName="mt-5 block text-sm font-medium"
        value={apiKey}
        testId="new-api-key"
        savedLabel={t.auth.keySaved}
      >
        {(saved) => (
          <Button
            className="mt-6 w-full"
            disabled={!saved}
            onClick={() => {
              router.replace("/dashboard");
              router.refresh();
            }}
          >
            {t.auth.keyContinue}
          </Button>
        )}
      </SecretOnce>
    </div>
  );
}
