import "server-only";
import { cookies, headers } from "next/headers";
import { getAccount } from "@/lib/accounts/api-key-admin";
import { findSessionAuth, sessionEndedBecause, SESSION_COOKIE } from "@/lib/accounts/sessions";
import { dictionaryOf, LANG_COOKIE, type Dictionary, type Lang } from "@/lib/i18n";
import { chooseLang } from "@/lib/core/language-choice";
import { MODE_COOKIE, modeOf } from "@/lib/core/mode-cookie";
import { dashboardHome, maySeePage } from "@/lib/core/roles";
import { PATH_HEADER } from "@/lib/http/page-path";

/**
 * For server components: the signed-in account in the cookie's mode, or null; the member signed in
 * (their e-mail and role on that account); the language; and, when the member's role may not see
 * the page asked for (a cashier: anything but the counter), where to send them instead.
 */
export async function readDashboardSession() {
  const jar = await cookies();
  const lang: Lang = await readLang();
  const mode = modeOf(jar.get(MODE_COOKIE)?.value);
  const token = jar.get(SESSION_COOKIE)?.value;
  const auth = token ? await findSessionAuth(token, mode) : null;
  const account = auth ? await getAccount(auth) : null;
  const member = auth ? { userId: auth.userId, email: auth.email, role: auth.role } : null;
  // the page's path, stamped by our server (lib/http/page-path.ts); without it (no request came
  // through our server) nothing is redirected: the API refuses a cashier's reads anyway
  const path = (await headers()).get(PATH_HEADER);
  const elsewhere = member && path !== null && !maySeePage(member.role, path) ? dashboardHome(member.role) : null;
  return { lang, mode, account, member, elsewhere };
}

/** Why this browser's session ended early ("removed" from the account), for the login page's words; null otherwise. */
export async function endedSessionReason(): Promise<"removed" | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return token ? sessionEndedBecause(token) : null;
}

/**
 * The language of the request: the merchant's choice (the `kola_lang` cookie, set when they switch
 * and at sign-in from their login's language), else the browser's Accept-Language, else French
 * (lib/core/language-choice.ts). Auth pages, the dashboard and the root layout all read it.
 */
export async function readLang(): Promise<Lang> {
  return chooseLang((await cookies()).get(LANG_COOKIE)?.value, (await headers()).get("accept-language"));
}

/** A page's <title> in the request's language: `export const generateMetadata = () => titled((t) => t.links.title)`. */
export async function titled(pick: (t: Dictionary) => string): Promise<{ title: string }> {
  return { title: pick(dictionaryOf(await readLang())) };
}
