"use client";

import { Switch } from "@/components/ui/switch";
import { useToast } from "@/components/ui/toast";
import { useI18n } from "@/lib/i18n/provider";
import { useMode } from "@/lib/query/mode";
import { useProviders } from "@/lib/query/providers";
import { useCan } from "@/lib/query/role";
import { cn } from "@/components/ui/cn";
import { useConfirmLeave } from "./leave-guard";

/** Test ◯ Live: always on screen; live mode is orange everywhere so nobody mistakes it for test. */
export function ModeSwitch() {
  const { mode, setMode } = useMode();
  const { t, fill } = useI18n();
  const notify = useToast();
  const confirmLeave = useConfirmLeave(); // the other mode's data replaces a form being edited
  const live = mode === "live";
  return (
    <div className={cn("flex items-center gap-2 rounded-full px-2.5 py-1 text-sm font-medium", live ? "bg-orange-100 text-orange-900" : "bg-stone-100 text-stone-700")}>
      <span aria-hidden="true" className={live ? "text-orange-800" : ""}>
        {t.mode.test}
      </span>
      <Switch
        checked={live}
        label={t.mode.live}
        tone="orange"
        onChange={(on) =>
          confirmLeave(() => {
            const next = on ? "live" : "test";
            setMode(next);
            notify(fill(t.mode.switched, { mode: t.mode[next] }), "info");
          })
        }
      />
      <span aria-hidden="true" className={live ? "" : "text-stone-600"}>
        {t.mode.live}
      </span>
    </div>
  );
}

/** The strip under the top bar that says which mode the merchant is looking at. */
export function ModeBanner() {
  const { mode } = useMode();
  const { t } = useI18n();
  const reads = useCan("viewer"); // GET /v1/providers is a reader's: not a cashier's
  if (mode === "test") {
    return <p className="border-b border-stone-200 bg-stone-100 px-4 py-1.5 text-center text-xs text-stone-700">{t.mode.testBanner}</p>;
  }
  return (
    <>
      <p className="border-b border-orange-800 bg-orange-700 px-4 py-1.5 text-center text-xs font-semibold text-white">{t.mode.liveBanner}</p>
      {reads && <LiveProviderWarning />}
    </>
  );
}

/** In live mode without a configured provider, a buyer cannot pay: say so before one tries. */
function LiveProviderWarning() {
  const { t } = useI18n();
  const providers = useProviders();
  if (!providers.data || providers.data.live_ready) return null;
  return (
    <p role="alert" className="border-b border-orange-300 bg-orange-50 px-4 py-2 text-center text-sm font-medium text-orange-900">
      {t.providers.notReady}
    </p>
  );
}
