import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as paymentsRoute from "@/app/v1/exports/payments/route";
import * as transactionsRoute from "@/app/v1/exports/marketplace-transactions/route";
import * as dashboardPayments from "@/app/dashboard/(pages)/exports/payments/route";
import * as dashboardTransactions from "@/app/dashboard/(pages)/exports/marketplace-transactions/route";
import { createSession, SESSION_COOKIE } from "@/lib/accounts/sessions";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { createApiKey } from "@/lib/accounts/create-account";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import type { Auth } from "@/lib/core/auth";
import { merchantWithMarketplace, createLink } from "@/test/support/checkout";
import { getDb } from "@/lib/db/client";
import { deposits, marketplaceTransactions, paymentGateways, refunds } from "@/lib/db/schema";
import { createPaymentPage } from "@/lib/payment-pages/create-page";
import { createPaymentPageBody } from "@/lib/payment-pages/schemas";
import { call, newAccount } from "@/test/support/api";
import { csvCell } from "@/lib/exports/csv";
import { exportPayments } from "@/lib/exports/export-payments";
import { say, styleOf } from "@/lib/exports/spreadsheet";

// CSV exports: whole bodies of a small, fixed set; the range, the tenant and the
// mode; cells that would be formulas; keyset batches that neither repeat nor skip rows.

const BOM = "\uFEFF";
const PAYMENT_HEADER =
  "created_at,completed_at,track_id,status,failure_reason,amount,currency,country,operator,phone_number,provider,provider_reference,link_type,link_id,link_name,order_id,buyer_name,buyer_email,duplicate_of,late_success,given_up,refunded_amount,refund_statuses,receipt_code,payment_page_id\r\n";
const TRANSACTION_HEADER =
  "created_at,transaction_id,track_id,status,failure_reason,link_id,seller,buyer_price,product_price,fee,currency,buyer_name,buyer_email,buyer_phone,buyer_country,operator,additional_info,refunded_amount,refund_statuses,receipt_code\r\n";

describe("csvCell", () => {
  it.each([
    ["plain", "plain"],
    ["", ""],
    [null, ""],
    [5000, "5000"],
    [-5, "-5"], // numbers are numbers
    [true, "true"],
    ["=1+1", "'=1+1"],
    ["+237670000000", "'+237670000000"],
    ["-2", "'-2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tx", "'\tx"],
    ["\rx", "\"'\rx\""],
    ['Boutique "Awa", Douala', '"Boutique ""Awa"", Douala"'],
    ["two\nlines", '"two\nlines"'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ["Côte d’Ivoire", "Côte d’Ivoire"],
  ])("%j → %j", (value, cell) => expect(csvCell(value)).toBe(cell));
});

let owner: { key: string; email: string; accountId: string; link: { id: string } };
let auth: Auth;
let paymentLink: string;
/** a payment page and its payment's own link (a page payment's `link_id`) */
let page: { id: string; link: string };

async function insertDeposit(values: Omit<Partial<typeof deposits.$inferInsert>, "createdAt"> & { trackId: string; createdAt: string }) {
  const db = await getDb();
  const { createdAt, ...rest } = values;
  const [row] = await db
    .insert(deposits)
    .values({
      accountId: owner.accountId,
      mode: "test",
      amount: 5000,
      currency: "XAF",
      country: "CMR",
      operator: "MTN_MOMO_CMR",
      phoneNumber: "237670000000",
      provider: "sandbox",
      status: "failed", // the link's one pending place stays free
      ...rest,
      createdAt: sql`${createdAt}::timestamptz`,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  owner = await merchantWithMarketplace(
    { form_blocks: JSON.stringify({ blocks: [{ type: "textarea", label: "Adresse", required: true }] }) },
    { amount: 10000, fee: 500, shop_name: "Atelier Fatou" },
  );
  auth = (await findAuthByKeyHash(hashApiKey(owner.key)))!;
  paymentLink = (await createLink(owner.key, { amount: 5000, shop_name: 'Boutique "Awa", Douala', order_id: "=CMD+1" })).id;

  await insertDeposit({ trackId: "TRKBEFORE", createdAt: "2026-10-31T23:59:59.999999Z", paymentGatewayId: paymentLink });
  await insertDeposit({
    trackId: "TRKPAID",
    createdAt: "2026-11-01T08:00:00.123456Z",
    paymentGatewayId: paymentLink,
    status: "success",
    providerReference: "SBX-1",
    completedAt: new Date("2026-11-01T08:00:03.000Z"),
    receiptCode: "K7P2M9XQ4D",
  });
  const sale = await insertDeposit({
    trackId: "TRKSALE",
    createdAt: "2026-11-02T23:59:59.999999Z",
    marketplaceGatewayId: owner.link.id,
    amount: 10500,
    operator: "ORANGE_MONEY_CMR",
    phoneNumber: "237690000001",
    status: "failed",
    failureReason: "insufficient_funds",
    completedAt: new Date("2026-11-03T00:00:02.000Z"),
  });
  const db = await getDb();
  // a buyer's payment on a payment page: its own link, named after the page (lib/payment-pages/pay-page.ts)
  const pageRow = await createPaymentPage(auth, createPaymentPageBody.parse({ title: "Billet Gala", amount_type: "fixed", amount: 2500, max_quantity: 2, currency: "XAF" }));
  const [pageLink] = await db
    .insert(paymentGateways)
    .values({ accountId: owner.accountId, mode: "test", amount: 5000, currency: "XAF", country: "CMR", shopName: "Billet Gala", message: "Billet Gala × 2", origin: "page" })
    .returning();
  page = { id: pageRow.id, link: pageLink!.id };
  await insertDeposit({
    trackId: "TRKPAGE",
    createdAt: "2026-11-02T12:00:00Z",
    paymentGatewayId: page.link,
    paymentPageId: page.id,
    status: "success",
    providerReference: "SBX-2",
    completedAt: new Date("2026-11-02T12:00:04.000Z"),
    receiptCode: "M3Q8RT2VWX",
  });
  await db.insert(marketplaceTransactions).values({
    accountId: owner.accountId,
    mode: "test",
    marketplaceGatewayId: owner.link.id,
    depositId: sale.id,
    buyerId: "00000000-0000-4000-8000-000000000001",
    buyerFullName: "=cmd|' /C calc'!A0",
    buyerEmail: "awa@example.com",
    buyerPhone: "237690000001",
    buyerCountry: "CMR",
    buyerOperator: "ORANGE_MONEY_CMR",
    buyerPrice: 10500,
    productPrice: 10000,
    additionalInfo: [{ fieldName: "adresse", value: 'Rue 1,\n"Bonapriso"' }],
    createdAt: sql`'2026-11-02T23:59:59.999999Z'::timestamptz` as unknown as Date,
  });
  await insertDeposit({ trackId: "TRKAFTER", createdAt: "2026-11-03T00:00:00Z", paymentGatewayId: paymentLink });
  // the other mode and another account, in range: never exported
  await insertDeposit({ trackId: "TRKLIVE", createdAt: "2026-11-01T09:00:00Z", mode: "live", paymentGatewayId: paymentLink });
  const other = await newAccount("CMR");
  const otherLink = (await createLink(other.key)).id;
  await insertDeposit({ accountId: other.accountId, trackId: "TRKOTHER", createdAt: "2026-11-01T10:00:00Z", status: "pending", paymentGatewayId: otherLink });
});

const download = async (handler: (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>, path: string, key = owner.key) => {
  const req = new Request(`http://kola.test${path}`, { headers: { "api-key": key } });
  const res = await handler(req, { params: Promise.resolve({}) });
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    disposition: res.headers.get("content-disposition"),
    // the bytes as sent (Response.text() would drop the byte order mark)
    text: Buffer.from(await res.arrayBuffer()).toString("utf8"),
  };
};

/** A CSV download's whole answer: its status, headers and the text as sent. */
const csvAnswer = (what: string, days: string, text: string) => ({
  status: 200,
  type: "text/csv; charset=utf-8",
  disposition: `attachment; filename="kola-${what}-${days}.csv"`,
  text,
});

describe("GET /v1/exports/payments", () => {
  it("streams the range's payments of the key's account and mode, oldest first, as safe CSV", async () => {
    const reply = await download(paymentsRoute.GET, "/v1/exports/payments?from=2026-11-01&to=2026-11-02");
    expect(reply).toEqual(
      csvAnswer(
        "payments",
        "2026-11-01-2026-11-02",
        BOM +
        PAYMENT_HEADER +
        `2026-11-01T08:00:00.123456Z,2026-11-01T08:00:03.000000Z,TRKPAID,success,,5000,XAF,CMR,MTN_MOMO_CMR,237670000000,sandbox,SBX-1,payment_link,${paymentLink},"Boutique ""Awa"", Douala",'=CMD+1,,,,false,false,0,,K7P2M-9XQ4D,\r\n` +
        `2026-11-02T12:00:00.000000Z,2026-11-02T12:00:04.000000Z,TRKPAGE,success,,5000,XAF,CMR,MTN_MOMO_CMR,237670000000,sandbox,SBX-2,payment_link,${page.link},Billet Gala,,,,,false,false,0,,M3Q8R-T2VWX,${page.id}\r\n` +
        `2026-11-02T23:59:59.999999Z,2026-11-03T00:00:02.000000Z,TRKSALE,failed,insufficient_funds,10500,XAF,CMR,ORANGE_MONEY_CMR,237690000001,sandbox,,marketplace_link,${owner.link.id},Atelier Fatou,,'=cmd|' /C calc'!A0,awa@example.com,,false,false,0,,,\r\n`,
      ),
    );
  });

  it("answers a range without payments with the header alone", async () => {
    const reply = await download(paymentsRoute.GET, "/v1/exports/payments?from=2025-01-01&to=2025-01-31");
    expect([reply.status, reply.text]).toEqual([200, BOM + PAYMENT_HEADER]);
  });

  it("shows a live key the live payments only", async () => {
    const live = (await createApiKey({ email: owner.email, mode: "live" })).api_key;
    const reply = await download(paymentsRoute.GET, "/v1/exports/payments?from=2026-11-01&to=2026-11-02", live);
    expect(reply.text.split("\r\n").map((line) => line.split(",")[2])).toEqual(["track_id", "TRKLIVE", undefined]);
  });

  it.each([
    ["?from=2026-11-02&to=2026-11-01", [{ loc: ["query", "to"], msg: "Value error, must not be before from", type: "value_error", ctx: { error: "must not be before from" } }]],
    [
      "?to=2026-11-01",
      [{ loc: ["query", "from"], msg: "Field required", type: "missing" }],
    ],
  ])("%s → 422", async (query, detail) => {
    const reply = await call(paymentsRoute.GET, "GET", `/v1/exports/payments${query}`, { key: owner.key });
    expect([reply.status, reply.body]).toEqual([422, { detail }]);
  });

  it("needs a key", async () => {
    const reply = await call(paymentsRoute.GET, "GET", "/v1/exports/payments?from=2026-11-01&to=2026-11-02");
    expect([reply.status, reply.body]).toEqual([401, { detail: { message: "No API Key.", type: "NO_API_KEY_PROVIDED" } }]);
  });

  it("walks rows a microsecond apart in small batches without repeating or skipping one", async () => {
    const db = await getDb();
    for (let i = 0; i < 7; i++) {
      await insertDeposit({ trackId: `TRKMICRO${i}`, createdAt: `2026-12-01T00:00:00.00000${i}Z`, paymentGatewayId: paymentLink });
    }
    const text = Buffer.from(await new Response(exportPayments(auth, { from: "2026-12-01", to: "2026-12-01" }, 2)).arrayBuffer()).toString("utf8");
    expect(text.startsWith(BOM + PAYMENT_HEADER)).toBe(true);
    expect(text.split("\r\n").slice(1, -1).map((line) => line.split(",")[2])).toEqual(Array.from({ length: 7 }, (_, i) => `TRKMICRO${i}`));
    expect(db).toBeDefined();
  });
});

describe("GET /v1/exports/marketplace-transactions", () => {
  it("streams the range's transactions, answers as JSON in one quoted cell", async () => {
    const [tx] = await (await getDb()).select().from(marketplaceTransactions);
    const reply = await download(transactionsRoute.GET, "/v1/exports/marketplace-transactions?from=2026-11-01&to=2026-11-02");
    expect(reply).toEqual(
      csvAnswer(
        "marketplace-transactions",
        "2026-11-01-2026-11-02",
        BOM +
        TRANSACTION_HEADER +
        `2026-11-02T23:59:59.999999Z,${tx!.id},TRKSALE,failed,insufficient_funds,${owner.link.id},Atelier Fatou,10500,10000,500,XAF,'=cmd|' /C calc'!A0,awa@example.com,237690000001,CMR,ORANGE_MONEY_CMR,"[{""fieldName"":""adresse"",""value"":""Rue 1,\\n\\""Bonapriso\\""""}]",0,,\r\n`,
      ),
    );
  });

  it("is empty outside the range", async () => {
    const reply = await download(transactionsRoute.GET, "/v1/exports/marketplace-transactions?from=2026-11-03&to=2026-11-30");
    expect(reply.text).toBe(BOM + TRANSACTION_HEADER);
  });
});

describe("date bounds (0001-01-01 to 9999-12-31, what PostgreSQL stores)", () => {
  const dayError = (field: "from" | "to") => ({
    loc: ["query", field],
    msg: "Value error, must be a day written YYYY-MM-DD, from 0001-01-01 to 9999-12-31",
    type: "value_error",
    ctx: { error: "must be a day written YYYY-MM-DD, from 0001-01-01 to 9999-12-31" },
  });
  const endpoints = [
    { name: "GET /v1/exports/payments", path: "/v1/exports/payments", handler: paymentsRoute.GET, header: PAYMENT_HEADER, rows: ["TRKBEFORE", "TRKPAID", "TRKPAGE", "TRKSALE", "TRKAFTER"] },
    { name: "GET /v1/exports/marketplace-transactions", path: "/v1/exports/marketplace-transactions", handler: transactionsRoute.GET, header: TRANSACTION_HEADER, rows: ["TRKSALE"] },
    { name: "GET /dashboard/exports/payments", path: "/dashboard/exports/payments", handler: dashboardPayments.GET, header: PAYMENT_HEADER, rows: ["TRKBEFORE", "TRKPAID", "TRKPAGE", "TRKSALE", "TRKAFTER"] },
    {
      name: "GET /dashboard/exports/marketplace-transactions",
      path: "/dashboard/exports/marketplace-transactions",
      handler: dashboardTransactions.GET,
      header: TRANSACTION_HEADER,
      rows: ["TRKSALE"],
    },
  ];
  // [query, 422 items | null for a 200, every row or none]
  const cases: [string, ReturnType<typeof dayError>[] | null, "all" | "none"][] = [
    ["from=0001-01-01&to=9999-12-31", null, "all"],
    ["from=9999-12-31&to=9999-12-31", null, "none"],
    ["from=0001-01-01&to=0001-01-01", null, "none"],
    ["from=0000-01-01&to=9999-12-31", [dayError("from")], "none"],
    ["from=0000-01-01&to=0000-12-31", [dayError("from"), dayError("to")], "none"],
    ["from=2026-11-01&to=10000-01-01", [dayError("to")], "none"],
    ["from=-0001-01-01&to=2026-11-01", [dayError("from")], "none"],
    ["from=2026-02-30&to=2026-13-01", [dayError("from"), dayError("to")], "none"],
    ["from=2026-11-01T00:00:00Z&to=2026-11-02", [dayError("from")], "none"],
  ];
  let cookie: string;
  beforeAll(async () => {
    cookie = `${SESSION_COOKIE}=${(await createSession(owner.accountId)).token}; kola_mode=test`;
  });

  for (const endpoint of endpoints) {
    const get = async (query: string) => {
      const headers: Record<string, string> = endpoint.path.startsWith("/v1/") ? { "api-key": owner.key } : { cookie };
      const res = await endpoint.handler(new Request(`http://kola.test${endpoint.path}?${query}`, { headers }), { params: Promise.resolve({}) });
      return { status: res.status, text: Buffer.from(await res.arrayBuffer()).toString("utf8") };
    };
    it.each(cases)(`${endpoint.name}?%s`, async (query, detail, rows) => {
      const reply = await get(query);
      if (detail) {
        expect([reply.status, JSON.parse(reply.text)]).toEqual([422, { detail }]);
        return;
      }
      // the widest range is the file of any range around every row, byte for byte (other tests of
      // this file add rows of their own); the narrow ones at the edges, the header alone
      const expected = rows === "all" ? await get("from=2000-01-01&to=2100-12-31") : { status: 200, text: BOM + endpoint.header };
      expect(reply).toEqual(expected);
      const tracks = reply.text.slice(BOM.length + endpoint.header.length).split("\r\n").map((line) => line.split(",")[2]);
      if (rows === "all") expect(tracks).toEqual(expect.arrayContaining(endpoint.rows));
    });
  }
});

describe("for a spreadsheet: ?lang (and ?delimiter)", () => {
  beforeAll(async () => {
    // TRKPAID: 2 000 refunded, then a refund of 1 000 that failed (its money came back)
    const db = await getDb();
    const [paid] = await db.select().from(deposits).where(sql`${deposits.trackId} = 'TRKPAID'`);
    const refund = { accountId: owner.accountId, mode: "test" as const, depositId: paid!.id, currency: "XAF", provider: "sandbox" };
    await db.insert(refunds).values({ ...refund, amount: 2000, status: "success", createdAt: new Date("2026-11-01T09:00:00Z") });
    await db.insert(refunds).values({ ...refund, amount: 1000, status: "failed", failureReason: "recipient_not_found", createdAt: new Date("2026-11-01T10:00:00Z") });
    await db.update(deposits).set({ refundedAmount: 2000 }).where(sql`${deposits.id} = ${paid!.id}`);
  });

  it("payments in French: `;` between cells, headers and values in words, amounts a French spreadsheet reads, the refunds", async () => {
    const reply = await download(paymentsRoute.GET, "/v1/exports/payments?from=2026-11-01&to=2026-11-02&lang=fr");
    expect(reply).toEqual(
      csvAnswer(
        "payments",
        "2026-11-01-2026-11-02",
        BOM +
        "Créé le (UTC);Terminé le (UTC);N° de suivi;Statut;Motif de l'échec;Montant;Devise;Pays;Opérateur;Téléphone;Fournisseur;Référence du fournisseur;Type de lien;Identifiant du lien;Lien;Référence de commande;Client;E-mail du client;Doublon de;Réussi après expiration;Abandonné par le client;Montant remboursé;Remboursements;Code du reçu;Identifiant de la page de paiement\r\n" +
        `2026-11-01 08:00:00;2026-11-01 08:00:03;TRKPAID;Réussi;;5000;XAF;Cameroun;MTN;'+237670000000;Bac à sable;SBX-1;Lien de paiement;${paymentLink};"Boutique ""Awa"", Douala";'=CMD+1;;;;Non;Non;2000;"Réussi, Échoué";K7P2M-9XQ4D;\r\n` +
        `2026-11-02 12:00:00;2026-11-02 12:00:04;TRKPAGE;Réussi;;5000;XAF;Cameroun;MTN;'+237670000000;Bac à sable;SBX-2;Lien de paiement;${page.link};Billet Gala;;;;;Non;Non;0;;M3Q8R-T2VWX;${page.id}\r\n` +
        `2026-11-02 23:59:59;2026-11-03 00:00:02;TRKSALE;Échoué;Solde mobile money insuffisant;10500;XAF;Cameroun;Orange;'+237690000001;Bac à sable;;Lien marketplace;${owner.link.id};Atelier Fatou;;'=cmd|' /C calc'!A0;awa@example.com;;Non;Non;0;;;\r\n`,
      ),
    );
  });

  it("payments in English keep commas; the integrators' file shows the refunds as codes", async () => {
    const english = await download(paymentsRoute.GET, "/v1/exports/payments?from=2026-11-01&to=2026-11-01&lang=en");
    expect(english.text.split("\r\n").slice(0, 2)).toEqual([
      `${BOM}Created (UTC),Completed (UTC),Tracking no.,Status,Failure reason,Amount,Currency,Country,Operator,Phone,Provider,Provider reference,Link type,Link ID,Link,Order reference,Customer,Customer e-mail,Duplicate of,Succeeded after expiry,Given up by the customer,Refunded amount,Refunds,Receipt code,Payment page ID`,
      `2026-11-01 08:00:00,2026-11-01 08:00:03,TRKPAID,Succeeded,,5000,XAF,Cameroon,MTN,'+237670000000,Sandbox,SBX-1,Payment link,${paymentLink},"Boutique ""Awa"", Douala",'=CMD+1,,,,No,No,2000,"Succeeded, Failed",K7P2M-9XQ4D,`,
    ]);
    const plain = await download(paymentsRoute.GET, "/v1/exports/payments?from=2026-11-01&to=2026-11-01");
    expect(plain.text.split("\r\n")[1]!.endsWith(',false,false,2000,"success,failed",K7P2M-9XQ4D,')).toBe(true);
    const semicolons = await download(paymentsRoute.GET, "/v1/exports/payments?from=2026-11-01&to=2026-11-01&delimiter=semicolon");
    expect(semicolons.text.split("\r\n")[1]!.endsWith(";false;false;2000;\"success,failed\";K7P2M-9XQ4D;")).toBe(true);
  });

  it("transactions in French: one column per question of the form, headed by its label, where the answers' JSON was", async () => {
    const [tx] = await (await getDb()).select().from(marketplaceTransactions);
    const reply = await download(transactionsRoute.GET, "/v1/exports/marketplace-transactions?from=2026-11-01&to=2026-11-02&lang=fr");
    expect(reply.text).toBe(
      BOM +
        "Créé le (UTC);Identifiant de la transaction;N° de suivi;Statut;Motif de l'échec;Identifiant du lien;Vendeur;Payé par le client;Pour le vendeur;Commission;Devise;Client;E-mail du client;Téléphone du client;Pays du client;Opérateur;Adresse;Montant remboursé;Remboursements;Code du reçu\r\n" +
        `2026-11-02 23:59:59;${tx!.id};TRKSALE;Échoué;Solde mobile money insuffisant;${owner.link.id};Atelier Fatou;10500;10000;500;XAF;'=cmd|' /C calc'!A0;awa@example.com;'+237690000001;Cameroun;Orange;"Rue 1,\n""Bonapriso""";0;;\r\n`,
    );
  });

  it.each([
    ["", { delimiter: ",", words: null }],
    ["lang=fr", { delimiter: ";", lang: "fr" }],
    ["lang=en", { delimiter: ",", lang: "en" }],
    ["lang=fr&delimiter=comma", { delimiter: ",", lang: "fr" }],
    ["delimiter=semicolon", { delimiter: ";", words: null }],
  ])("styleOf(%s)", (query, expected) => {
    const params = Object.fromEntries(new URLSearchParams(query)) as { lang?: "fr" | "en"; delimiter?: "comma" | "semicolon" };
    const style = styleOf(params);
    expect({ delimiter: style.delimiter, ...(style.words ? { lang: style.words.lang } : { words: null }) }).toEqual(expected);
  });

  it.each([
    [150000, "XAF", "fr", "150000"],
    [1250, "KES", "fr", "12,50"],
    [1250, "KES", "en", "12.50"],
    [-300, "ZMW", "fr", "-3,00"],
  ] as const)("say.amount(%s %s, %s) → %s", (minor, currency, lang, text) => expect(say.amount(minor, currency, lang)).toBe(text));
});
