"use client";

import { Switch } from "@/components/ui/switch";
import { useToast } from "@/components/ui/toast";
import { useI18n } from "@/lib/i18n/provider";
import { useMode } from "@/lib/query/mode";
import { useMayUse, useLiveClosed } from "@/lib/query/role";
import { cn, focusRing } from "@/components/ui/cn";
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
  const reads = useMayUse("provider_overview"); // GET /v1/providers is a reader's: not a cashier's
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

/**
 * In live mode on a server with no live provider, a buyer cannot pay: say so before anyone tries,
 * in the merchant's words, with the steps to go live (the server's operator connects a provider)
 * and the way back to test mode. What would ask a buyer to pay is not offered meanwhile (<Can collects>).
 */
function LiveProviderWarning() {
  const { t, fill } = useI18n();
  const w = t.access.live;
  const { setMode } = useMode();
  const notify = useToast();
  const confirmLeave = useConfirmLeave();
  if (!useLiveClosed()) return null;
  return (
    <div role="alert" className="border-b border-orange-300 bg-orange-50 px-4 py-2 text-sm text-orange-950" data-testid="live-closed">
      <details className="mx-auto max-w-3xl">
        <summary className={cn("cursor-pointer rounded text-center font-medium", focusRing)}>{w.title}</summary>
        <div className="mt-2 flex flex-col gap-2 pb-1">
          <p>{w.intro}</p>
          <p className="font-medium">{w.stepsTitle}</p>
          <ol className="list-decimal space-y-1 pl-5">
            <li>{w.step1}</li>
            <li>{w.step2}</li>
            <li>{w.step3}</li>
          </ol>
          <p>{w.meanwhile}</p>
          <p className="text-xs text-orange-900">
            {w.guide} <code className="rounded bg-orange-100 px-1">README.md › Going live</code>
          </p>
          <button
            type="button"
            className={cn("self-start rounded-md bg-white px-3 py-1.5 font-medium text-orange-950 ring-1 ring-orange-300 hover:bg-orange-100", focusRing)}
            onClick={() =>
              confirmLeave(() => {
                setMode("test");
                notify(fill(t.mode.switched, { mode: t.mode.test }), "info");
              })
            }
          >
            {w.backToTest}
          </button>
        </div>
      </details>
    </div>
  );
}
