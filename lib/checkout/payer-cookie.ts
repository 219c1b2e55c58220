import { isHttps } from "@/lib/accounts/authenticate";

// How the checkout knows the browser that paid a single-use link (issue: a paid link's receipt shown
// to whoever holds the link's address). The payer holds their attempt's own address,
// /pay/{id}/{track_id}: the track_id (100 random bits) is the capability, as it already is for the
// waiting page and its status poll. Whenever a browser is shown that page, it keeps the track_id in
// a cookie scoped to the link's path, so the same browser reopening /pay/{id} (the address it was
// sent on WhatsApp) sees its receipt again; anyone else sees « Ce lien a déjà été payé ». The
// cookie needs no signature: forging it means knowing the track_id, which opens the receipt anyway.

const NAME = "kola_attempt";
const MAX_AGE = 90 * 86_400; // a receipt is looked for again within weeks, not years

/** `Set-Cookie` remembering this browser's attempt on the payment link `gatewayId`. */
export function payerCookie(req: Request, gatewayId: string, trackId: string): string {
  const parts = [`${NAME}=${trackId}`, `Path=/pay/${gatewayId}`, `Max-Age=${MAX_AGE}`, "HttpOnly", "SameSite=Lax"];
  if (isHttps(req)) parts.push("Secure");
  return parts.join("; ");
}

/** The attempt this browser was shown on the link whose page this is (the cookie's path scopes it), if any. */
export function payerTrackId(req: Request): string | null {
  const header = req.headers.get("cookie") ?? "";
  for (const pair of header.split(";")) {
    const [name, ...value] = pair.trim().split("=");
    if (name === NAME) return value.join("=") || null;
  }
  return null;
}
