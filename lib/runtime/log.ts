// JSON-line logs on stdout. log() scrubs whatever it is given: an Error anywhere in
// the fields is described without its query parameters, and every string is scrubbed of phone
// numbers, API keys, bearer tokens, secrets and the values a database error prints. Call sites pass
// the error itself (`{ error }`), never `String(error)`; nothing at a call site needs remembering.
import { setting } from "./config";

type Level = "debug" | "info" | "warn" | "error";

// read once, when the module loads (a script that sets LOG_LEVEL after its imports does not silence it)
const quiet = setting("LOG_LEVEL") === "silent";
let tap: ((line: string) => void) | null = null;

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (quiet && !tap) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg: scrub(msg), ...(scrubValue(fields) as Record<string, unknown>) });
  if (tap) return tap(line);
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");
}

/** A phone number as it may appear in a log: the country code and the last two digits. */
export function maskPhone(phone: string): string {
  return phone.length <= 5 ? "***" : `${phone.slice(0, 3)}${"*".repeat(phone.length - 5)}${phone.slice(-2)}`;
}

// What a text may carry that a log must not. Order matters: a database error's row or key values
// go first (they may hold anything), then credentials, then digit runs that could be a phone.
const SCRUBBERS: [RegExp, string | ((match: string, ...groups: string[]) => string)][] = [
  // Drizzle's "Failed query: <sql>\nparams: <values>": the values
  [/(\bparams:)[^\n]*/g, "$1 [hidden]"],
  // PostgreSQL's "Failing row contains (…)." and "Key (phone)=(…) already exists"
  [/(Failing row contains )\(.*\)/g, "$1([hidden])"],
  [/(\bKey \([^)]*\)=)\(.*?\)(?= |\.|$)/gm, "$1([hidden])"],
  // API keys (lib/accounts/api-keys.ts), webhook signing secrets, bearer tokens, key=value secrets
  [/\bkola_(test|live)_[A-Za-z0-9_-]+/g, "kola_$1_[hidden]"],
  [/\bwhsec_[A-Za-z0-9+/=_-]+/g, "whsec_[hidden]"],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, "$1 [hidden]"],
  // `name=value` (a URL's query, a header line) or JSON's `"name":"value"`; not "password: too short"
  [/\b(api[_-]?key|apikey|secret(?:_key)?|password|token|authorization|x-token)(\s*=\s*|"\s*:\s*")[^\s"',;&}]+/gi, "$1$2[hidden]"],
  // E.164 or national phone numbers, spaces and dashes allowed: 8 to 15 digits not part of an id or a date
  [
    /(?<![\w-])\+?\d[\d \-]{6,}\d(?![\w-])/g,
    (digits) => {
      const count = digits.replace(/\D/g, "").length;
      // a date (2026-11-26) or a compact timestamp (20261126112027) is not a phone
      return count >= 8 && count <= 15 && !/^\d{4}-\d{2}-\d{2}|^20\d{12}$/.test(digits) ? "[number]" : digits;
    },
  ],
];

// A text of letters, digits, `/`, `.` and `-` alone, with fewer than 8 digits outside its UUIDs
// (a method, a path, an id, a status), has nothing the scrubbers above look for: every one needs
// another character (`_`, `:`, `=`, `(`, a space) or 8 digits, and a UUID is never changed by them
// (its digits are bounded by letters or dashes). Such texts, most of every request's log line, skip them.
const PLAIN = /^[A-Za-z0-9/.-]*$/;
const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const EIGHT_DIGITS = /(?:\d\D*){8}/;

/** A text as it may be logged or stored: without phone numbers, keys, tokens, secrets or a database error's values. */
export function scrub(text: string): string {
  if (PLAIN.test(text) && !EIGHT_DIGITS.test(text.replace(UUIDS, ""))) return text;
  let out = text;
  for (const [pattern, replacement] of SCRUBBERS) out = out.replace(pattern, replacement as string);
  return out;
}

/** Field names whose value is a phone number or a secret whatever it looks like. */
const PHONE_FIELD = /phone|msisdn|^tel$|mobile/i;
const SECRET_FIELD = /^(api[_-]?key|apikey|secret|secret_key|token|authorization|password|x-token|cookie)$/i;

/**
 * A value with every string scrubbed, Errors described (describeError), phone fields masked and
 * secret fields hidden, at any depth (cut at 8 levels and 50 items).
 */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return describeError(value);
  if (typeof value === "string") return scrub(value);
  if (typeof value !== "object" || value === null) return value;
  if (depth >= 8) return "[deep]";
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => scrubValue(item, depth + 1));
  if (value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_FIELD.test(key) && item !== null && item !== undefined && item !== ""
        ? "[hidden]"
        : PHONE_FIELD.test(key) && (typeof item === "string" || typeof item === "number") && /^\+?\d{6,}$/.test(String(item))
          ? maskPhone(String(item).replace(/^\+/, ""))
          : scrubValue(item, depth + 1),
    ]),
  );
}

/**
 * An error as it may be logged. Drizzle's "Failed query: <sql> params: <values>" would log the
 * values (ids, phones, …): keep the database's own code and scrubbed message instead. Any other
 * message is scrubbed; the stack keeps only its frames.
 */
export function describeError(error: unknown): Record<string, unknown> | string {
  if (!(error instanceof Error)) return scrub(String(error));
  const stack = error.stack
    ?.split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .join("\n");
  if (error.message.startsWith("Failed query:")) {
    const cause = error.cause as { code?: string; message?: string; detail?: string } | undefined;
    return { name: error.name, message: "database query failed", code: cause?.code, cause: cause && scrub(cause.message ?? ""), stack };
  }
  const code = (error as { code?: unknown }).code;
  return { name: error.name, message: scrub(error.message), ...(typeof code === "string" ? { code } : {}), stack };
}

/** For tests: the lines logged while `fn` runs, instead of writing them out. */
export async function captureLog(fn: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  tap = (line) => lines.push(line);
  try {
    await fn();
  } finally {
    tap = null;
  }
  return lines;
}
