import { randomBytes } from "node:crypto";
import { TOKEN_FIELDS, xToken } from "../cinetpay/x-token";
import { checkRequest, initRequest } from "../cinetpay/schemas";
import { parseJsonBody, serve, type Answer, type Served } from "./serve";

// A contract emulator of CinetPay's payment API v2, built from docs.cinetpay.com: POST /v2/payment
// (checked against the documented fields), a payment page the buyer is sent to, the notification
// to notify_url (form fields and x-token HMAC with the secret key), POST /v2/payment/check.
//
// Outcomes by the buyer's phone number (customer_phone_number), last two digits:
//   01 REFUSED 602 INSUFFICIENT_BALANCE    02 REFUSED 627 TRANSACTION_CANCEL
//   03 stays WAITING_CUSTOMER_PAYMENT (no notification)    anything else ACCEPTED 00.

export type CinetpayEmulatorOptions = { port?: number; apiKey: string; siteId: string; secretKey: string };

type Payment = {
  token: string;
  transactionId: string;
  amount: number;
  currency: string;
  description: string;
  notifyUrl: string;
  returnUrl: string;
  phone: string;
  code: string;
  message: string;
  status: "WAITING_CUSTOMER_PAYMENT" | "ACCEPTED" | "REFUSED";
  date: string;
};

export type CinetpayEmulator = Served & {
  payments: Map<string, Payment>;
  notifications: { body: string; status: number | null }[];
  tamper: { amount?: number; currency?: string; badToken?: boolean; checkDown?: boolean; mute?: boolean };
  /** the buyer confirms on the payment page: the outcome is set, the notification sent */
  pay(token: string): Promise<number | null>;
  notify(transactionId: string): Promise<number | null>;
};

const OUTCOMES: Record<string, Pick<Payment, "code" | "message" | "status">> = {
  "01": { code: "602", message: "INSUFFICIENT_BALANCE", status: "REFUSED" },
  "02": { code: "627", message: "TRANSACTION_CANCEL", status: "REFUSED" },
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startCinetpayEmulator(options: CinetpayEmulatorOptions): Promise<CinetpayEmulator> {
  const payments = new Map<string, Payment>(); // by transaction_id
  const notifications: CinetpayEmulator["notifications"] = [];
  const tamper: CinetpayEmulator["tamper"] = {};
  const byToken = (token: string) => [...payments.values()].find((p) => p.token === token);

  async function notify(transactionId: string): Promise<number | null> {
    const p = payments.get(transactionId);
    if (!p || tamper.mute) return null;
    const form = new URLSearchParams({
      cpm_site_id: options.siteId,
      cpm_trans_id: p.transactionId,
      cpm_trans_date: p.date,
      cpm_amount: String(p.amount),
      cpm_currency: p.currency,
      signature: randomBytes(16).toString("hex"),
      payment_method: "OM",
      cel_phone_num: p.phone.slice(-9),
      cpm_phone_prefixe: p.phone.slice(0, -9).replace("+", ""),
      cpm_language: "fr",
      cpm_version: "V4",
      cpm_payment_config: "SINGLE",
      cpm_page_action: "PAYMENT",
      cpm_custom: "",
      cpm_designation: p.description,
      cpm_error_message: p.status === "ACCEPTED" ? "SUCCES" : p.message,
    });
    for (const field of TOKEN_FIELDS) if (!form.has(field)) form.set(field, "");
    const token = tamper.badToken ? "0".repeat(64) : xToken(form, options.secretKey);
    let status: number | null = null;
    try {
      const res = await fetch(p.notifyUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-token": token },
        body: form.toString(),
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      await res.text();
    } catch {
      status = null;
    }
    notifications.push({ body: form.toString(), status });
    return status;
  }

  async function pay(token: string): Promise<number | null> {
    const p = byToken(token);
    if (!p) return null;
    const last = p.phone.slice(-2);
    if (last === "03") return null;
    Object.assign(p, OUTCOMES[last] ?? { code: "00", message: "SUCCES", status: "ACCEPTED" });
    return notify(p.transactionId);
  }

  const credentialsOk = (body: { apikey?: string; site_id?: string }) => body.apikey === options.apiKey && body.site_id === options.siteId;

  const served: Served = await serve(async (req): Promise<Answer> => {
    if (req.method === "POST" && req.path === "/v2/payment") {
      const json = parseJsonBody(req.raw);
      const parsed = initRequest.safeParse(json);
      if (!parsed.success) {
        const details = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
        return { status: 400, body: { code: "608", message: "MINIMUM_REQUIRED_FIELDS", description: details, api_response_id: randomBytes(6).toString("hex") } };
      }
      const body = parsed.data;
      if (!credentialsOk(body)) return { status: 403, body: { code: "609", message: "AUTH_NOT_FOUND", description: "apikey or site_id not found" } };
      const existing = payments.get(body.transaction_id);
      const payment: Payment = existing ?? {
        token: randomBytes(24).toString("hex"),
        transactionId: body.transaction_id,
        amount: body.amount,
        currency: body.currency,
        description: body.description,
        notifyUrl: body.notify_url,
        returnUrl: body.return_url,
        phone: body.customer_phone_number ?? "",
        code: "662",
        message: "WAITING_CUSTOMER_PAYMENT",
        status: "WAITING_CUSTOMER_PAYMENT",
        date: new Date().toISOString().slice(0, 19).replace("T", " "),
      };
      payments.set(body.transaction_id, payment);
      return {
        status: 200,
        body: {
          code: "201",
          message: "CREATED",
          description: "Transaction created with success",
          data: { payment_token: payment.token, payment_url: `${served.url}/payment/${payment.token}` },
          api_response_id: randomBytes(6).toString("hex"),
        },
      };
    }
    if (req.method === "POST" && req.path === "/v2/payment/check") {
      if (tamper.checkDown) return { status: 503, body: { message: "Service Unavailable" } };
      const parsed = checkRequest.safeParse(parseJsonBody(req.raw));
      if (!parsed.success) return { status: 400, body: { code: "608", message: "MINIMUM_REQUIRED_FIELDS" } };
      if (!credentialsOk(parsed.data)) return { status: 403, body: { code: "609", message: "AUTH_NOT_FOUND" } };
      const p = parsed.data.transaction_id ? payments.get(parsed.data.transaction_id) : byToken(parsed.data.token ?? "");
      if (!p) return { status: 404, body: { code: "404", message: "TRANSACTION_NOT_FOUND", data: null } };
      return {
        status: 200,
        body: {
          code: p.code,
          message: p.message,
          data: {
            amount: String(tamper.amount ?? p.amount),
            currency: tamper.currency ?? p.currency,
            status: p.status,
            payment_method: "OM",
            description: p.description,
            metadata: null,
            operator_id: p.status === "ACCEPTED" ? `MP${p.token.slice(0, 10)}` : null,
            payment_date: p.status === "WAITING_CUSTOMER_PAYMENT" ? "" : p.date,
          },
          api_response_id: randomBytes(6).toString("hex"),
        },
      };
    }
    const page = /^\/payment\/([0-9a-f]+)(\/pay)?$/.exec(req.path);
    const p = page ? byToken(page[1]!) : undefined;
    if (page && p && req.method === "GET" && !page[2]) {
      return {
        status: 200,
        html: `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>CinetPay (émulateur)</title></head><body style="font-family:sans-serif;max-width:24rem;margin:2rem auto;padding:0 1rem"><h1>CinetPay</h1><p>${escape(p.description)}</p><p><strong>${p.amount} ${escape(p.currency)}</strong></p><form method="post" action="/payment/${p.token}/pay"><button type="submit" style="font-size:1.2rem;padding:.6rem 1.2rem">Payer</button></form></body></html>`,
      };
    }
    if (page && p && req.method === "POST" && page[2]) {
      await pay(p.token);
      return { status: 303, headers: { location: p.returnUrl } };
    }
    return { status: 404, body: { message: "Not Found" } };
  }, options.port);

  return Object.assign(served, { payments, notifications, tamper, pay, notify });
}
