"use client";

import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { hasRole } from "@/lib/core/roles";
import { formatMoney, toMinor, type Currency } from "@/lib/core/money";
import { amountBounds, type CountryIso3 } from "@/lib/countries";
import { maskNumber, readTypedNumber, unbroken } from "@/lib/countries/typed-number";
import { errorMessage } from "@/lib/forms/messages";
import { useI18n } from "@/lib/i18n/provider";
import { ApiRequestError } from "@/lib/query/api-fetch";
import { afterAttempt, useIdempotencyKey } from "@/lib/query/idempotency-key";
import { useMode } from "@/lib/query/mode";
import {
  cancelPaymentRequest,
  createPaymentRequest,
  resendPaymentRequest,
  useFollowRequest,
  usePutToday,
  type NewPaymentRequest,
  type PaymentRequest,
} from "@/lib/query/payment-requests";
import { useRole, WhileLiveOpen } from "@/lib/query/role";
import { EraseKey, Keypad, pressKey } from "./keypad";
import { InstallButton, useCounterServiceWorker, useOnline } from "./offline-support";
import { PhoneField, useDetectedOperator } from "./phone-field";
import { emptyDraft, freshKey, loadStored, saveStored, takeKey, type Draft, type Stored } from "./sale-store";
import { StatusCard, type CardActions } from "./status-card";
import { TodaySales } from "./today-sales";

/** A sale asked for offline leaves by itself when the network comes back within this; after it, the cashier says. */
const AUTO_SEND_MS = 5 * 60_000;
/** A send whose answer the network lost is tried again after this (same key: made once). */
const RETRY_MS = 10_000;

type Problems = { amount?: string; phone?: string; operator?: string; form?: string };

/** /dashboard/counter — « Encaisser »: the till a trader keeps open on their phone all day. */
export function CounterPage({ accountId, currency, country, shop, prefillPhone }: { accountId: string; currency: Currency; country: CountryIso3; shop: string; prefillPhone?: string }) {
  const { t, fill } = useI18n();
  const w = t.counter;
  const role = useRole();
  useCounterServiceWorker();
  if (!hasRole(role, "cashier")) {
    return (
      <div className="mx-auto max-w-md">
        <h1 className="mb-3 text-2xl font-bold">{w.title}</h1>
        <p className="text-stone-700">{fill(w.noRole, { role: t.team.roles[role] })}</p>
      </div>
    );
  }
  return (
    // in live mode on a server that takes no live payments, no till: the banner above says how to go live
    <div className="mx-auto flex max-w-md flex-col gap-6 lg:grid lg:max-w-none lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] lg:items-start lg:gap-8">
      <WhileLiveOpen otherwise={<p className="rounded-md border border-orange-300 bg-orange-50 px-3 py-2 text-sm text-orange-950">{t.providers.notReady}</p>}>
        <Till accountId={accountId} currency={currency} country={country} shop={shop} prefillPhone={prefillPhone} />
      </WhileLiveOpen>
      <div className="flex flex-col gap-4">
        <TodaySales currency={currency} />
        {/* the stall's poster (buyers scan it and pay by themselves), and for admins the stalls */}
        <nav aria-label={t.stall.poster.title} className="flex flex-wrap gap-x-6 gap-y-2 text-base font-medium">
          <Link href="/dashboard/counter/poster" prefetch={false} className="text-teal-800 underline underline-offset-4">
            {t.stall.poster.title}
          </Link>
          {hasRole(role, "admin") && (
            <Link href="/dashboard/counter/stall" prefetch={false} className="text-teal-800 underline underline-offset-4">
              {t.stall.poster.manage}
            </Link>
          )}
        </nav>
      </div>
    </div>
  );
}

function Till({ accountId, currency, country, shop, prefillPhone }: { accountId: string; currency: Currency; country: CountryIso3; shop: string; prefillPhone?: string }) {
  const { t, lang, fill } = useI18n();
  const w = t.counter;
  const { mode } = useMode();
  const online = useOnline();
  const putToday = usePutToday();
  const actionKeys = useIdempotencyKey();

  // the sale being typed and the request on screen, kept on the phone (sale-store.ts)
  const [stored, setStored] = useState<Stored>({ draft: emptyDraft, sale: null });
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let kept = loadStored(accountId, mode);
    // a customer's number sent from their page: a new sale to them, unless one is on screen or waits for the network
    if (prefillPhone && !kept.sale && !kept.draft.queuedAt) {
      kept = { ...kept, draft: { ...emptyDraft, phone: `+${prefillPhone}` } };
      window.history.replaceState(null, "", window.location.pathname); // once: a reload keeps what was typed since
    }
    setStored(kept);
    setLoaded(true);
  }, [accountId, mode, prefillPhone]);
  useEffect(() => {
    if (loaded) saveStored(accountId, mode, stored);
  }, [accountId, mode, stored, loaded]);
  const { draft, sale } = stored;

  const [problems, setProblems] = useState<Problems>({});
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState<CardActions["busy"]>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const detection = useDetectedOperator(draft.phone, country);
  const operator = draft.chosen ? draft.operator : "operator" in detection ? detection.operator : null;

  const setDraft = useCallback((change: (draft: Draft) => Draft) => {
    setStored((s) => {
      const next = change(s.draft);
      // the sale's Idempotency-Key is made as soon as it is typed, and kept with it
      return { ...s, draft: next.key || (!next.amount && !next.phone) ? next : { ...next, key: freshKey() } };
    });
  }, []);

  const follow = useCallback(
    (request: PaymentRequest) => {
      setStored((s) => (s.sale?.id === request.id ? { ...s, sale: request } : s));
      putToday(request);
    },
    [putToday],
  );
  useFollowRequest(sale, follow);

  const bounds = amountBounds(currency);
  const minor = draft.amount ? toMinor(Number(draft.amount), currency) : 0;

  function check(d: Draft): Problems {
    const found: Problems = {};
    if (!d.amount) found.amount = w.problems.amountMissing;
    else if (minor < bounds.min) found.amount = fill(w.problems.amountTooSmall, { min: formatMoney(bounds.min, currency, lang) });
    else if (minor > bounds.max) found.amount = fill(w.problems.amountTooLarge, { max: formatMoney(bounds.max, currency, lang) });
    const typed = readTypedNumber(d.phone, country);
    if (!typed.digits) found.phone = w.problems.phoneMissing;
    else if (typed.foreign) found.phone = w.problems.phoneForeign;
    else if (typed.short) found.phone = w.problems.phoneInvalid;
    if (!found.phone && !operator) found.operator = w.problems.operatorMissing;
    return found;
  }

  const send = useRef<(d: Draft) => Promise<void>>(async () => undefined);
  send.current = async (d: Draft) => {
    const found = check(d);
    setProblems(found);
    if (Object.keys(found).length) return;
    const body: NewPaymentRequest = { amount: minor, phone_number: d.phone.trim(), country, ...(operator ? { operator } : {}) };
    const key = takeKey(d, body);
    if (!navigator.onLine) {
      setDraft((x) => ({ ...x, key, queuedAt: x.queuedAt ?? Date.now() }));
      return;
    }
    setDraft((x) => ({ ...x, key }));
    setSending(true);
    try {
      const request = await createPaymentRequest(mode, body, key.key);
      setStored({ draft: emptyDraft, sale: request });
      putToday(request);
    } catch (error) {
      if (error instanceof ApiRequestError && error.type === "NETWORK") {
        // no answer: the same key goes again when the network is back, and the server makes it once
        setDraft((x) => ({ ...x, key, queuedAt: x.queuedAt ?? Date.now() }));
        return;
      }
      setDraft((x) => ({ ...x, key: afterAttempt(key, key.key, error), queuedAt: null }));
      setProblems(apiProblems(error));
    } finally {
      setSending(false);
    }
  };

  /** A 422's items on their fields, anything else under the button, in the cashier's words. */
  function apiProblems(error: unknown): Problems {
    if (error instanceof ApiRequestError && error.type === "VALIDATION") {
      const fields = error.fieldErrors;
      const found: Problems = {};
      if (fields.amount) found.amount = fill(w.problems.amountTooSmall, { min: formatMoney(bounds.min, currency, lang) });
      if (fields.phone_number || fields.country) found.phone = w.problems.phoneInvalid;
      if (fields.operator) found.operator = operator ? w.problems.operatorInvalid : w.problems.operatorMissing;
      return Object.keys(found).length ? found : { form: t.errors.validation };
    }
    return { form: errorMessage(error, t) };
  }

  // a sale asked for offline leaves when the network is back (if the buyer can still be there); a
  // send the network lost again is tried again every RETRY_MS while the browser says it is online
  const queuedAt = draft.queuedAt;
  const triedAt = useRef(0);
  useEffect(() => {
    if (!loaded || !online || !queuedAt || sending || Date.now() - queuedAt >= AUTO_SEND_MS) return;
    const timer = setTimeout(() => {
      triedAt.current = Date.now();
      void send.current(draft);
    }, Math.max(0, triedAt.current + RETRY_MS - Date.now()));
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on the network's return or a lost send, not on each keystroke
  }, [online, loaded, queuedAt, sending]);

  const onKey = useCallback((key: string) => setDraft((d) => ({ ...d, amount: pressKey(d.amount, key), queuedAt: null })), [setDraft]);

  // a desktop's keyboard types on the keypad too (digits, Backspace, Enter), outside the fields
  useEffect(() => {
    if (sale) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.ctrlKey || event.metaKey || event.altKey || target.closest("input, textarea, select, button, a")) return;
      if (/^[0-9]$/.test(event.key)) onKey(event.key);
      else if (event.key === "Backspace") onKey("erase");
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [sale, onKey]);

  const newSale = () => {
    setStored({ draft: emptyDraft, sale: null });
    setProblems({});
    setActionError(null);
  };

  async function act(kind: "resend" | "cancel", operatorChoice?: string) {
    if (!sale) return;
    const values = { kind, id: sale.id, operator: operatorChoice ?? null, after: sale.track_id };
    const key = actionKeys.take(values);
    setBusy(kind);
    setActionError(null);
    try {
      const next = kind === "resend" ? await resendPaymentRequest(mode, sale.id, operatorChoice, key) : await cancelPaymentRequest(mode, sale.id, key);
      actionKeys.settle(key, null);
      follow(next);
    } catch (error) {
      actionKeys.settle(key, error);
      setActionError(errorMessage(error, t));
    } finally {
      setBusy(null);
    }
  }

  const shown = formatMoney(minor, currency, lang);
  const queued = Boolean(draft.queuedAt);
  const stale = queued && online && Date.now() - (draft.queuedAt ?? 0) >= AUTO_SEND_MS;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight">{w.title}</h1>
        <InstallButton />
      </div>
      {(!online || queued) && (
        <div role="status" className="rounded-xl border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950" data-testid="offline">
          {stale ? (
            <p className="font-semibold">{w.offlineOld}</p>
          ) : (
            <p className="font-semibold">{online ? w.checking : queued ? w.offline : w.offlineTyping}</p>
          )}
          {queued && (
            <p className="mt-1">
              {fill(w.offlineKept, { amount: formatMoney(minor, currency, lang), phone: unbroken(maskNumber(readTypedNumber(draft.phone, country).digits, country)) })}
            </p>
          )}
          {queued && (
            <div className="mt-2 flex flex-wrap gap-2">
              {online && (
                <Button size="sm" loading={sending} onClick={() => void send.current(draft)}>
                  {w.sendNow}
                </Button>
              )}
              <Button size="sm" variant="secondary" onClick={newSale}>
                {w.discard}
              </Button>
            </div>
          )}
        </div>
      )}
      {sale ? (
        <StatusCard
          request={sale}
          shop={shop}
          actions={{ onResend: (op) => void act("resend", op), onCancel: () => void act("cancel"), onNewSale: newSale, busy, error: actionError }}
        />
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void send.current(draft);
          }}
          noValidate
        >
          <div className="flex flex-col gap-1">
            <p id="amount-label" className="text-sm font-medium text-stone-800">
              {w.amount}
            </p>
            <div className="flex items-center gap-2 rounded-2xl border border-stone-200 bg-white py-2 pr-2 pl-4">
              {/* as large as the line allows: 3 rem, smaller as the amount grows (10 000 000 FCFA fits at 320 px) */}
              <div className="@container min-w-0 flex-1">
                <output
                  aria-labelledby="amount-label"
                  aria-live="polite"
                  data-testid="amount"
                  style={{ fontSize: `min(3rem, calc(100cqw / ${(0.62 * Math.max(8, shown.length)).toFixed(2)}))` }}
                  className={cn("block truncate text-right leading-tight font-bold tabular-nums", draft.amount ? "text-stone-900" : "text-stone-500")}
                >
                  {shown}
                </output>
              </div>
              <EraseKey onKey={onKey} disabled={!draft.amount} />
            </div>
            {problems.amount && <p className="text-sm font-medium text-red-700">{problems.amount}</p>}
          </div>
          <Keypad onKey={onKey} />
          <PhoneField
            country={country}
            phone={draft.phone}
            onPhone={(phone) => setDraft((d) => ({ ...d, phone, queuedAt: null }))}
            operator={operator}
            detection={detection}
            onOperator={(code) => setDraft((d) => ({ ...d, operator: code, chosen: true, queuedAt: null }))}
            phoneError={problems.phone}
            operatorError={problems.operator}
          />
          {problems.form && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {problems.form}
            </p>
          )}
          <Button type="submit" className="h-16 w-full rounded-xl text-xl" loading={sending} disabled={queued && !online}>
            {sending ? w.requesting : w.request}
          </Button>
          {mode === "test" && <p className="text-xs text-stone-600">{w.testHint}</p>}
        </form>
      )}
    </div>
  );
}
