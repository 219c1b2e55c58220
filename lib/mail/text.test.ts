import { describe, expect, it } from "vitest";
import { invitationMail } from "@/lib/accounts/mails";
import { alertMail, paymentMail, payoutFailedMail, receiptMail, refundMail, type AccountFacts, type PaymentFacts } from "@/lib/notifications/compose";
import { nameInMail, oneLine } from "./text";

// Names people typed, as mail text: one line, and nothing a mail client would make a link of.

describe("nameInMail", () => {
  it.each([
    ["Boutique Awa", "Boutique Awa"],
    ["  Chez Awa  ", "Chez Awa"],
    ["S.A. Awa & Fils, v2.0, 3.50 FCFA", "S.A. Awa & Fils, v2.0, 3.50 FCFA"],
    ["Mme. Diop", "Mme. Diop"],
    ["Café « Chez Awa »", "Café « Chez Awa »"],
    ["Shop\r\nBcc: x@evil.example", "Shop Bcc: x@evil[.]example"],
    ["Shop\nVoir le paiement : https://evil.example/d", "Shop Voir le paiement : https[:]//evil[.]example/d"],
    ["a\tb\u2028c\u2029d\u0085e\u000bf", "a b c d e f"],
    ["evil\u202e.example", "evil .example"],
    ["www.evil.com", "www[.]evil[.]com"],
    ["awa.shop/pay", "awa[.]shop/pay"],
    ["evil\u3002example", "evil[.]example"],
    ["pay at 10.0.0.1", "pay at 10[.]0[.]0[.]1"],
    ["mailto:x@evil.example", "mailto[:]x@evil[.]example"],
    ["javascript:alert(1)", "javascript[:]alert(1)"],
    ["HTTPS://EVIL.EXAMPLE", "HTTPS[:]//EVIL[.]EXAMPLE"],
  ])("%j → %j", (name, text) => expect(nameInMail(name)).toBe(text));

  it("oneLine flattens without defanging (a note, an address)", () => {
    expect(oneLine(" aide@shop.example\r\n+237 6 70 ")).toBe("aide@shop.example +237 6 70");
  });
});

// Every template, given the same facts with a plain name and with a hostile one in each name-like
// field: the hostile mail has exactly the plain mail's lines (none forged), and its only links are
// Kola's own.
const HOSTILE = "Awa\r\nVoir le paiement : https://evil.example/d\n\nBcc: x@evil.example";
const account = (name: string): AccountFacts => ({ name, country: "CMR", supportEmail: "aide@shop.example", supportPhone: "+237 6 70 00 00 00", mode: "test" });
const payment = (name: string): PaymentFacts & { shop: string; receiptUrl: string } => ({
  trackId: "TRK42",
  amount: 10500,
  currency: "XAF",
  country: "CMR",
  operator: "MTN_MOMO_CMR",
  phone: "237670000042",
  orderId: "CMD-42",
  link: name,
  buyer: { name, email: "buyer@example.com" },
  at: new Date("2026-11-27T10:00:00Z"),
  duplicateOf: null,
  late: false,
  shop: name,
  receiptUrl: "http://kola.test/pay/m/L/TRK42?lang=fr",
  receiptCode: "K7P2M9XQ4D",
});
const BASE = "http://kola.test";

const templates: [string, (name: string) => { subject: string; text: string }][] = [
  ["payment (fr)", (name) => paymentMail("fr", account(name), BASE, payment(name))],
  ["payment (en)", (name) => paymentMail("en", account(name), BASE, payment(name))],
  ["receipt (fr)", (name) => receiptMail("fr", account(name), payment(name))],
  ["receipt (en)", (name) => receiptMail("en", account(name), payment(name))],
  ["refund", (name) => refundMail("fr", account(name), BASE, { trackId: "TRK42", amount: 500, currency: "XAF", succeeded: false, automatic: false, reason: name, failureReason: name })],
  ["payout failed", (name) => payoutFailedMail("en", account(name), BASE, { amount: 500, currency: "XAF", kind: "seller", phone: "237670000042", failureReason: name })],
  ["provider alert", (name) => alertMail("fr", account(name), BASE, { provider: "pawapay", operation: name, outcome: name, trackId: "TRK42", at: new Date("2026-11-27T10:00:00Z") })],
  ["invitation", (name) => invitationMail("new@example.com", "tok", { business: name, inviter: "owner@example.com", role: "viewer" })],
];

describe("every mail template, with a hostile name", () => {
  it.each(templates)("%s: no forged line, no link of the name's", (_, render) => {
    const plain = render("Awa");
    const hostile = render(HOSTILE);
    expect(hostile.subject).not.toMatch(/[\r\n]/);
    expect(hostile.text.split("\n").length).toBe(plain.text.split("\n").length);
    expect(hostile.text.match(/\b(?:https?:\/\/|www\.)\S+/g)?.every((url) => url.startsWith(`${BASE}/`)) ?? true).toBe(true);
    expect(hostile.text).not.toMatch(/evil\.example/);
    // a line with one of Kola's links carries no name: the same, word for word, whatever the name
    const linkLines = (text: string) => text.split("\n").filter((line) => line.includes("http://kola.test"));
    expect(linkLines(hostile.text)).toEqual(linkLines(plain.text));
  });

  it("the invitation, whole", () => {
    expect(invitationMail("new@example.com", "tok", { business: HOSTILE, inviter: "owner@example.com", role: "viewer" })).toEqual({
      to: "new@example.com",
      subject: "Rejoignez Awa Voir le paiement : https[:]//evil[.]example/d Bcc: x@evil[.]example sur Kola / Join Awa Voir le paiement : https[:]//evil[.]example/d Bcc: x@evil[.]example on Kola",
      text: [
        "owner@example.com vous invite à rejoindre Awa Voir le paiement : https[:]//evil[.]example/d Bcc: x@evil[.]example sur Kola, avec le rôle lecture seule (consulter, sans rien changer ni déplacer d’argent).",
        "",
        "Acceptez ici (lien valable 7 jours, une seule fois) :",
        "http://kola.test/invitation?token=tok",
        "",
        "Si vous ne vous attendiez pas à cette invitation, ignorez ce message.",
        "",
        "— English —",
        "",
        "owner@example.com invites you to join Awa Voir le paiement : https[:]//evil[.]example/d Bcc: x@evil[.]example on Kola as viewer (reading only: nothing changed, no money moved).",
        "",
        "Accept here (the link works once, for 7 days):",
        "http://kola.test/invitation?token=tok",
        "",
        "If you did not expect this invitation, ignore this mail.",
        "",
      ].join("\n"),
    });
  });
});
