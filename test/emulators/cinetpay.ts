import { randomBytes } from "node:crypto";
import { TOKEN_FIELDS, xToken } from "@/lib/providers/cinetpay/x-token";
import { checkRequest, contactRequest, initRequest, transferRequest, type Transfer } from "@/lib/providers/cinetpay/schemas";
import { parseJsonBody, serve, type Answer, type Served } from "./serve";

// A contract emulator of CinetPay's payment API v2, built from docs.cinetpay.com: POST /v2/payment
// (checked against the documented fields), a payment page the buyer is sent to, the notification
// to notify_url (form fields and x-token HMAC with the secret key), POST /v2/payment/check.
//
// Outcomes by the buyer's phone number (customer_phone_number), last two digits:
//   01 REFUSED 602 INSUFFICIENT_BALANCE    02 REFUSED 627 TRANSACTION_CANCEL
//   03 stays WAITING_CUSTOMER_PAYMENT (no notification)    anything else ACCEPTED 00.
//
// Cards (channels=CREDIT_CARD, every customer_* field required): its page takes a card number,
// then a 3-D Secure step (the bank's page, as CinetPay's "univers" page describes: the buyer is sent
// to the bank's form after PAYER); code 123456 passes, any other refuses (627). The check and the
// notification then say the card's brand as payment_method: VISA (4…), MASTERCARD (5…), else CARD.
// The outcome after 3-D Secure follows the phone's last two digits as above.
//
// Its transfer API v1 too (money out): POST /v1/auth/login (apikey + transfer password, a token),
// POST /v1/transfer/contact, POST /v1/transfer/money/send/contact (a phone must be a contact),
// GET /v1/transfer/check/money, and a form notification to each transfer's notify_url. By the
// payee's phone, last two digits: 01 REJ (INSUFFICIENT_BALANCE), 02 REJ, 03 stays REC (no
// notification), 07 refused on sending (717 ERROR_PHONE_NOT_PARTICULAR), else VAL.

export type CinetpayEmulatorOptions = {
  port?: number;
  apiKey: string;
  siteId: string;
  secretKey: string;
  /** the transfer API password (money out); transfers are refused without it */
  transferPassword?: string;
  /** how long after a send its notification goes */
  transferDelayMs?: number;
};

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
  channels: string;
  /** the init's customer_* fields, as sent */
  customer: Record<string, string>;
  /** a card payment's brand, once its number is typed */
  cardBrand?: "VISA" | "MASTERCARD" | "CARD";
};

export type CinetpayEmulator = Served & {
  payments: Map<string, Payment>;
  notifications: { body: string; status: number | null }[];
  tamper: {
    amount?: number;
    currency?: string;
    badToken?: boolean;
    checkDown?: boolean;
    mute?: boolean;
    /**
     * its card channel out of order, mobile money still working: `error`, a card initialisation is
     * answered an error in the initialisation's error shape (code, message, description; the code
     * and message are ours: no published list of card-channel errors was found); `down`, a 503
     * without a body, the card's payment never created (the check then answers "not found").
     */
    cardChannel?: "error" | "down";
  };
  /** the buyer confirms on the payment page: the outcome is set, the notification sent (a card: its number, and the 3-D Secure code, 123456 by default) */
  pay(token: string, card?: { number: string; code?: string }): Promise<number | null>;
  notify(transactionId: string): Promise<number | null>;
  /** transfers by client_transaction_id, with the URL each notifies */
  transfers: Map<string, Transfer & { notifyUrl: string }>;
  /** the phones added as contacts (prefix + phone) */
  contacts: Set<string>;
  transferTamper: { mute?: boolean; amount?: string; lowBalance?: boolean };
  notifyTransfer(clientTransactionId: string): Promise<number | null>;
  /** every transfer notification sent so far has been answered */
  transfersSettled(): Promise<void>;
};

const OUTCOMES: Record<string, Pick<Payment, "code" | "message" | "status">> = {
  "01": { code: "602", message: "INSUFFICIENT_BALANCE", status: "REFUSED" },
  "02": { code: "627", message: "TRANSACTION_CANCEL", status: "REFUSED" },
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const brandOf = (number: string): NonNullable<Payment["cardBrand"]> => (/^\s*4/.test(number) ? "VISA" : /^\s*5/.test(number) ? "MASTERCARD" : "CARD");

/** The emulator's hosted page: CinetPay's name, what is paid, and a step. */
const hosted = (p: Payment, step: string, content: string): Answer => ({
  status: 200,
  html: `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>CinetPay (émulateur)</title></head><body style="font-family:sans-serif;max-width:24rem;margin:2rem auto;padding:0 1rem"><h1>CinetPay</h1>${step ? `<h2>${escape(step)}</h2>` : ""}<p>${escape(p.description)}</p><p><strong>${p.amount} ${escape(p.currency)}</strong></p>${content}</body></html>`,
});

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
      payment_method: p.cardBrand ?? "OM",
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
    return post(p.notifyUrl, form, { "x-token": token });
  }

  async function pay(token: string, card?: { number: string; code?: string }): Promise<number | null> {
    const p = byToken(token);
    if (!p) return null;
    if (p.channels === "CREDIT_CARD") {
      if (!card) return null;
      p.cardBrand = brandOf(card.number);
      if ((card.code ?? "123456") !== "123456") {
        Object.assign(p, { code: "627", message: "TRANSACTION_CANCEL", status: "REFUSED" });
        return notify(p.transactionId);
      }
    }
    const last = p.phone.slice(-2);
    if (last === "03") return null;
    Object.assign(p, OUTCOMES[last] ?? { code: "00", message: "SUCCES", status: "ACCEPTED" });
    return notify(p.transactionId);
  }

  const credentialsOk = (body: { apikey?: string; site_id?: string }) => body.apikey === options.apiKey && body.site_id === options.siteId;

  const transfers = new Map<string, Transfer & { notifyUrl: string }>();
  const contacts = new Set<string>();
  const tokens = new Set<string>();
  const transferTamper: CinetpayEmulator["transferTamper"] = {};
  const inFlight = new Set<Promise<unknown>>();
  const ok = (data: unknown) => ({ status: 200, body: { code: 0, message: "OPERATION_SUCCES", data } });
  const fail = (code: string, message: string, description: string) => ({ status: 200, body: { code, message, description, data: [] } });
  const shown = (t: Transfer & { notifyUrl: string }): Transfer => {
    const { notifyUrl, ...transfer } = t;
    void notifyUrl;
    return { ...transfer, amount: transferTamper.amount ?? transfer.amount };
  };

  async function notifyTransfer(clientTransactionId: string): Promise<number | null> {
    const t = transfers.get(clientTransactionId);
    if (!t || transferTamper.mute) return null;
    const fields = Object.entries(shown(t)).filter((e): e is [string, string] => typeof e[1] === "string");
    const form = new URLSearchParams(fields);
    return post(t.notifyUrl, form);
  }

  /** POSTs a notification form as CinetPay does; records it with the status it got (null: no answer). */
  async function post(url: string, form: URLSearchParams, headers: Record<string, string> = {}): Promise<number | null> {
    let status: number | null = null;
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
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

  /** A transfer's outcome a moment after it is taken, then its notification. */
  function treatLater(t: Transfer & { notifyUrl: string }) {
    const last = (t.receiver ?? "").slice(-2);
    if (last === "03") {
      t.treatment_status = "REC";
      return;
    }
    const task = new Promise((r) => setTimeout(r, options.transferDelayMs ?? 20)).then(() => {
      if (last === "01" || last === "02") Object.assign(t, { treatment_status: "REJ", sending_status: "REJECTED", comment: last === "01" ? "INSUFFICIENT_BALANCE" : "Transfer refused by the operator" });
      else Object.assign(t, { treatment_status: "VAL", sending_status: "CONFIRMED", comment: "Transfer done", operator_transaction_id: `OP${t.transaction_id}`, validated_at: new Date().toISOString().slice(0, 19).replace("T", " ") });
      return notifyTransfer(t.client_transaction_id!);
    });
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  }

  function transferApi(req: Parameters<Parameters<typeof serve>[0]>[0]): Answer | null {
    if (req.path === "/v1/auth/login" && req.method === "POST") {
      const form = new URLSearchParams(req.raw);
      if (!options.transferPassword || form.get("apikey") !== options.apiKey || form.get("password") !== options.transferPassword) {
        return fail("701", "INVALID_CREDENTIALS", "Identifiant de connexion incorrect");
      }
      const token = randomBytes(24).toString("hex");
      tokens.add(token);
      return ok({ token });
    }
    if (!req.path.startsWith("/v1/transfer/")) return null;
    if (!tokens.has(req.query.get("token") ?? "")) return fail("706", "INVALID_TOKEN", "Votre token est invalide");
    const data = (() => {
      try {
        return JSON.parse(new URLSearchParams(req.raw).get("data") ?? "");
      } catch {
        return undefined;
      }
    })();
    if (req.path === "/v1/transfer/contact" && req.method === "POST") {
      const parsed = contactRequest.safeParse(data);
      if (!parsed.success) return fail("704", "INVALID_PARAM", parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
      return ok([
        parsed.data.map((c) => {
          const known = contacts.has(c.prefix + c.phone);
          contacts.add(c.prefix + c.phone);
          return { ...c, code: known ? 726 : 0, status: known ? "ERROR_PHONE_ALREADY_MY_CONTACT" : "OPERATION_SUCCES", lot: randomBytes(11).toString("hex") };
        }),
      ]);
    }
    if (req.path === "/v1/transfer/money/send/contact" && req.method === "POST") {
      const parsed = transferRequest.safeParse(data);
      if (!parsed.success) return fail("704", "INVALID_PARAM", parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
      if (transferTamper.lowBalance) return fail("602", "INSUFFICIENT_BALANCE", "Solde de transfert insuffisant");
      const taken: Transfer[] = [];
      for (const item of parsed.data) {
        if (!contacts.has(item.prefix + item.phone)) return fail("716", "DATA_NOT_VALID", `${item.prefix}${item.phone} is not one of your contacts`);
        if (item.phone.endsWith("07")) return fail("717", "ERROR_PHONE_NOT_PARTICULAR", "Le numéro ne correspond pas à un compte particulier");
        const transfer = {
          transaction_id: `EMUTR${transfers.size + 1}`,
          client_transaction_id: item.client_transaction_id,
          lot: randomBytes(11).toString("hex"),
          amount: String(item.amount),
          receiver: item.prefix + item.phone,
          sending_status: "PENDING",
          comment: null,
          treatment_status: "NEW" as const,
          operator_transaction_id: null,
          validated_at: null,
          notifyUrl: item.notify_url,
        };
        transfers.set(item.client_transaction_id, transfer);
        taken.push(shown(transfer));
        treatLater(transfer);
      }
      return ok([taken]);
    }
    if (req.path === "/v1/transfer/check/money" && req.method === "GET") {
      const t = transfers.get(req.query.get("client_transaction_id") ?? "");
      return ok(t ? [shown(t)] : []);
    }
    return null;
  }

  const served: Served = await serve(async (req): Promise<Answer> => {
    const transferAnswer = transferApi(req);
    if (transferAnswer) return transferAnswer;
    if (req.method === "POST" && req.path === "/v2/payment") {
      const json = parseJsonBody(req.raw);
      const parsed = initRequest.safeParse(json);
      if (!parsed.success) {
        const details = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
        return { status: 400, body: { code: "608", message: "MINIMUM_REQUIRED_FIELDS", description: details, api_response_id: randomBytes(6).toString("hex") } };
      }
      const body = parsed.data;
      if (!credentialsOk(body)) return { status: 403, body: { code: "609", message: "AUTH_NOT_FOUND", description: "apikey or site_id not found" } };
      if (body.channels === "CREDIT_CARD" && tamper.cardChannel === "down") return { status: 503, body: { message: "Service Unavailable" } };
      if (body.channels === "CREDIT_CARD" && tamper.cardChannel === "error") {
        return { status: 400, body: { code: "624", message: "CARD_CHANNEL_UNAVAILABLE", description: "Le paiement par carte est momentanément indisponible", api_response_id: randomBytes(6).toString("hex") } };
      }
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
        channels: body.channels,
        customer: Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => e[0].startsWith("customer_") && typeof e[1] === "string")),
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
            payment_method: p.cardBrand ?? "OM",
            description: p.description,
            metadata: null,
            operator_id: p.status === "ACCEPTED" ? `MP${p.token.slice(0, 10)}` : null,
            // as the published examples write them (fixtures/cinetpay/check-*.json): a blank date, and a field Kola does not read
            payment_date: p.status === "ACCEPTED" ? p.date : " ",
            fund_availability_date: p.date.slice(0, 10) + " 00:00:00",
          },
          api_response_id: randomBytes(6).toString("hex"),
        },
      };
    }
    const page = /^\/payment\/([0-9a-f]+)(\/pay|\/card|\/3ds)?$/.exec(req.path);
    const p = page ? byToken(page[1]!) : undefined;
    if (page && p && req.method === "GET" && !page[2]) {
      if (p.channels === "CREDIT_CARD") {
        return hosted(p, "Carte bancaire", `<form method="post" action="/payment/${p.token}/card"><label>Numéro de carte<br><input id="card-number" name="number" inputmode="numeric" autocomplete="off" required style="font-size:1.1rem;width:100%"></label><p><label>Expiration <input id="card-expiry" name="expiry" placeholder="MM/AA" size="6" required></label> <label>CVV <input id="card-cvv" name="cvv" size="4" required></label></p><button type="submit" style="font-size:1.2rem;padding:.6rem 1.2rem">Payer</button></form>`);
      }
      return hosted(p, "", `<form method="post" action="/payment/${p.token}/pay"><button type="submit" style="font-size:1.2rem;padding:.6rem 1.2rem">Payer</button></form>`);
    }
    if (page && p && req.method === "POST" && page[2] === "/card") {
      const number = new URLSearchParams(req.raw).get("number") ?? "";
      // the bank's 3-D Secure page: the card's number travels on in the form (an emulator keeps no session)
      return hosted(p, "Authentification 3-D Secure", `<p>Votre banque vous a envoyé un code par SMS (carte ${escape(brandOf(number))} •••• ${escape(number.replace(/\D/g, "").slice(-4))}).</p><form method="post" action="/payment/${p.token}/3ds"><input type="hidden" name="number" value="${escape(number)}"><label>Code de vérification<br><input id="otp" name="code" inputmode="numeric" autocomplete="one-time-code" required style="font-size:1.1rem"></label><p><button type="submit" style="font-size:1.2rem;padding:.6rem 1.2rem">Valider</button></p></form>`);
    }
    if (page && p && req.method === "POST" && (page[2] === "/pay" || page[2] === "/3ds")) {
      const form = new URLSearchParams(req.raw);
      await pay(p.token, page[2] === "/3ds" ? { number: form.get("number") ?? "", code: form.get("code") ?? "" } : undefined);
      return { status: 303, headers: { location: p.returnUrl } };
    }
    return { status: 404, body: { message: "Not Found" } };
  }, options.port);

  return Object.assign(served, {
    payments,
    notifications,
    tamper,
    pay,
    notify,
    transfers,
    contacts,
    transferTamper,
    notifyTransfer,
    async transfersSettled() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  });
}
