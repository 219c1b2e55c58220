"use client";

import { ToastProvider } from "@/components/ui/toast";
import type { Dictionary } from "@/lib/i18n";
import { I18nProvider, type Lang } from "@/lib/i18n/provider";
import type { Mode } from "@/lib/query/api-fetch";
import { ModeProvider } from "@/lib/query/mode";
import { QueryProvider } from "@/lib/query/query-provider";
import { LeaveGuardProvider } from "./leave-guard";

/** What every dashboard page can use: TanStack Query, the test/live mode, the words, toasts, the unsaved-changes guard. */
export function DashboardProviders({ lang, dictionary, mode, children }: {
  lang: Lang;
  dictionary: Dictionary;
  mode: Mode;
  children: React.ReactNode;
}) {
  return (
    <QueryProvider>
      <ModeProvider initialMode={mode}>
        <I18nProvider lang={lang} dictionary={dictionary}>
          <ToastProvider closeLabel={dictionary.common.close}>
            <LeaveGuardProvider>{children}</LeaveGuardProvider>
          </ToastProvider>
        </I18nProvider>
      </ModeProvider>
    </QueryProvider>
  );
}
