// JSON-line logs on stdout. Callers pass fields; never keys, passwords, secrets or whole phones.
type Level = "debug" | "info" | "warn" | "error";

const quiet = process.env.LOG_LEVEL === "silent";
let tap: ((line: string) => void) | null = null;

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (quiet && !tap) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (tap) return tap(line);
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");
}

/** A phone number as it may appear in a log: the country code and the last two digits. */
export function maskPhone(phone: string): string {
  return phone.length <= 5 ? "***" : `${phone.slice(0, 3)}${"*".repeat(phone.length - 5)}${phone.slice(-2)}`;
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
