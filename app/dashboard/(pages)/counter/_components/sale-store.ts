import { keyFor, valuesId, type KeyState } from "@/lib/query/idempotency-key";
import type { PaymentRequest } from "@/lib/query/payment-requests";

// What the counter keeps on the phone (localStorage), so that a reload, a crash of the browser or a
// page opened offline finds the sale as it was: the sale being typed with its Idempotency-Key, and
// the request on screen. The key is made when the sale is first typed and kept with it, so a sale
// sent twice — a double tap, a send whose answer the network lost, the send that leaves when the
// network comes back — is made once: the server replays the first answer (DESIGN §9). New values
// after a definite answer take a new key (lib/query/idempotency-key.ts).

export type Draft = {
  /** the amount in the currency's major unit, as typed on the keypad ("2500") */
  amount: string;
  /** the buyer's number as typed */
  phone: string;
  /** the operator shown: detected from the number, or chosen (`chosen`) */
  operator: string | null;
  chosen: boolean;
  /** the sale's Idempotency-Key and the values it was taken for */
  key: KeyState | null;
  /** when the sale was asked for while offline (ms since epoch): it leaves when the network is back */
  queuedAt: number | null;
};

export type Stored = { draft: Draft; sale: PaymentRequest | null };

export const emptyDraft: Draft = { amount: "", phone: "", operator: null, chosen: false, key: null, queuedAt: null };

const storageKey = (account: string, mode: string) => `kola.counter.${account}.${mode}`;

export function loadStored(account: string, mode: string): Stored {
  try {
    const raw = window.localStorage.getItem(storageKey(account, mode));
    if (!raw) return { draft: emptyDraft, sale: null };
    const parsed = JSON.parse(raw) as Partial<Stored>;
    return { draft: { ...emptyDraft, ...parsed.draft }, sale: parsed.sale ?? null };
  } catch {
    return { draft: emptyDraft, sale: null };
  }
}

export function saveStored(account: string, mode: string, stored: Stored): void {
  try {
    window.localStorage.setItem(storageKey(account, mode), JSON.stringify(stored));
  } catch {
    // private browsing or a full storage: the counter works, it only forgets on reload
  }
}

/** A new key (UUID v4). crypto.randomUUID exists only on https and localhost; getRandomValues everywhere. */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The key of a sale just begun: made as it is typed, taken for its values when first sent. */
export function freshKey(): KeyState {
  return { key: newKey(), values: "", settled: false };
}

/** The Idempotency-Key to send `body` with: the draft's own while its values and outcome allow. */
export function takeKey(draft: Draft, body: unknown): KeyState {
  const values = valuesId(body);
  if (draft.key && !draft.key.settled && draft.key.values === "") return { ...draft.key, values };
  return keyFor(draft.key, values, newKey);
}
