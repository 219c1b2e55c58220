"use client";

import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/forms/messages";
import { useI18n } from "@/lib/i18n/provider";

/** A mutation's outcome as a toast: `told(done)` gives the callbacks that say `done`, or the error in the merchant's words. */
export function useTold() {
  const { t } = useI18n();
  const notify = useToast();
  return (done: string) => ({ onSuccess: () => notify(done), onError: (error: unknown) => notify(errorMessage(error, t), "error") });
}
