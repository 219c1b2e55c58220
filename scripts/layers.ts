// The layers of ARCHITECTURE.md as a declared order of folders, checked by `npm run lint`: a folder
// imports only folders on floors below its own. An import from a lower floor to a higher one fails,
// unless it is listed in UPWARD with the reason it has to be so. Tests and test support (test/,
// e2e/, *.test.ts) are left out as importers: they may call anything. A folder is lib/<name>; the
// rest of app/, components/, scripts/ and bench/ are one folder each.

/** Lowest first. Folders on one floor do not import each other. */
export const FLOORS: readonly (readonly string[])[] = [
  // facts every layer uses, browser-safe: modes, roles, statuses, kinds, event types, the error
  // table, money, the request vocabulary (lenient fields, pages, days, one line, UUIDs)
  ["lib/core"],
  ["lib/countries"], // phone numbers, operators, limits per country
  ["lib/i18n"], // the words, French and English
  ["lib/runtime"], // server basics: configuration, log, crash points, waking a job
  ["lib/db"], // the client, the schema, migrations
  ["lib/mail", "lib/sms", "lib/files"], // sending mail and SMS; storing uploads
  ["lib/http"], // the route wrapper: body, idempotency, errors turned into answers, rate limits
  ["lib/accounts"], // who calls: accounts, members, keys, sessions
  ["lib/deposits", "lib/ledger"], // payments as rows; the double-entry ledger
  ["lib/gateways", "lib/marketplaces"],
  ["lib/form-builder", "lib/marketplace-gateways"],
  ["lib/sellers", "lib/customers"], // sellers' shares of marketplace sales; the book of payers
  ["lib/providers"], // the providers' contracts: adapters, routing per operator, breaker, provider log
  ["lib/refunds"],
  ["lib/payouts"],
  ["lib/webhooks"], // events to merchants: endpoints, signing, delivery
  // mails; figures; CSV; retention: old rows of the tables below deleted in batches, money never
  ["lib/notifications", "lib/stats", "lib/exports", "lib/retention"],
  ["lib/money-out"], // payouts and refunds sent and settled
  ["lib/settlement"], // a settled payment's consequences: ledger, shares, refunds of late payments
  ["lib/payments"], // collection: start, offer, settle, callback, expiry
  ["lib/payment-requests", "lib/payment-pages", "lib/invoices"], // invoices: a payment request to one customer, paid whole or in parts, reminded on a schedule; payment pages: one link many buyers pay; requests to pay: a buyer's phone asked (pushed prompt or pay link), the counter's sales
  ["lib/checkout"], // the buyers' pages
  ["lib/receipts"], // the public receipt check (/r/{code}), in the checkout's page style
  ["lib/api"], // the OpenAPI document, every operation
  ["lib/jobs"], // the background jobs, by name
  ["lib/server"], // the process: start, shutdown, dashboard session
  ["lib/query"], // the dashboard's data hooks (browser)
  ["lib/forms"], // the dashboard's form helpers (browser)
  ["components"],
  ["app"],
  ["next.config.ts"],
  ["test", "e2e"], // test support and the emulators (as importers, tests are left out)
  ["scripts", "bench"], // tools: the server's entry, the CLIs, the emulators' server, the benches
];

/** Upward imports that stay, each with its reason: `importer → imported` (files). */
export const UPWARD: Readonly<Record<string, string>> = {};

export function folderOf(file: string): string {
  const parts = file.split("/");
  if (parts[0] === "lib" && parts.length > 2) return `lib/${parts[1]}`;
  return parts[0]!;
}

const floorOf = new Map<string, number>(FLOORS.flatMap((folders, floor) => folders.map((folder) => [folder, floor] as const)));

export function floor(folder: string): number | undefined {
  return floorOf.get(folder);
}

export type Upward = { from: string; to: string; reason?: string };

/** Every import from a file to a file on a floor not below its own (tests left out as importers). */
export function upwardImports(graph: Map<string, string[]>, isTest: (file: string) => boolean): { upward: Upward[]; unknown: string[] } {
  const upward: Upward[] = [];
  const unknown = new Set<string>();
  for (const [from, targets] of graph) {
    if (isTest(from)) continue;
    const here = folderOf(from);
    const mine = floor(here);
    if (mine === undefined) unknown.add(here);
    for (const to of targets) {
      const there = folderOf(to);
      if (there === here) continue;
      const theirs = floor(there);
      if (theirs === undefined) unknown.add(there);
      if (mine === undefined || theirs === undefined || theirs < mine) continue;
      upward.push({ from, to, reason: UPWARD[`${from} → ${to}`] });
    }
  }
  return { upward: upward.sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to)), unknown: [...unknown].sort() };
}
