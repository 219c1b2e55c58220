import type { Lang } from "@/lib/core/languages";

// The words of the notification mails, French and English, one recipient's language each.
// `{name}` is filled by fill(); a line whose value is missing is left out by the composer. Names
// people typed are quoted, and never share a line with one of Kola's own links.

const fr = {
  test: "[Test] ",
  hello: "Bonjour,",
  signature: "— Kola",
  paymentSubject: "Paiement reçu : {amount} — {link}",
  paymentIntro: "Un paiement de {amount} vient d’aboutir sur « {link} ».",
  duplicate: "Ce lien était déjà payé : ce second paiement (doublon de {of}) est remboursé automatiquement.",
  late: "Ce paiement est arrivé après l’expiration de la tentative : il est bien encaissé.",
  testMode: "Mode test : aucun argent n’a bougé.",
  amount: "Montant",
  method: "Moyen de paiement",
  reference: "Référence",
  order: "Commande",
  buyer: "Acheteur",
  date: "Date",
  seePayment: "Voir le paiement : {url}",
  refundSucceededSubject: "Remboursement effectué : {amount}",
  refundSucceededIntro: "Le remboursement de {amount} du paiement {track} a été envoyé au payeur.",
  refundFailedSubject: "Remboursement échoué : {amount}",
  refundFailedIntro: "Le remboursement de {amount} du paiement {track} a échoué ; le montant est revenu sur votre solde disponible. Vous pouvez le rembourser à nouveau.",
  automatic: "Remboursement automatique d’un paiement en double.",
  reason: "Motif",
  payoutFailedSubject: "Versement échoué : {amount}",
  payoutSellerIntro: "Le versement de {amount} au vendeur ({phone}) a échoué. La somme attend dans la part des vendeurs : relancez-le depuis le tableau de bord.",
  payoutWithdrawalIntro: "Votre retrait de {amount} vers {phone} a échoué. La somme est revenue sur votre solde disponible.",
  seeBalance: "Voir le solde et les versements : {url}",
  alertSubject: "Alerte fournisseur ({provider}) : à vérifier",
  alertIntro:
    "Le fournisseur {provider} a signalé une opération qui ne correspond pas à nos paiements (montant, devise ou référence). Elle n’a rien réglé : vérifiez-la auprès du fournisseur.",
  alertWhat: "Opération",
  alertOutcome: "Constat",
  seeAlerts: "Voir les alertes : {url}",
  why: "Vous recevez cet e-mail car les notifications « {kind} » sont activées pour « {business} ».\nPour les changer : {url}",
  kinds: { payments: "paiements", refunds: "remboursements", failed_payouts: "versements échoués", provider_alerts: "alertes fournisseurs" },
  receiptSubject: "Votre reçu : {amount} — {shop}",
  receiptIntro: "Merci {name}, votre paiement de {amount} à « {shop} » est confirmé.",
  seller: "Vendeur",
  seeReceipt: "Votre reçu en ligne : {url}",
  contact: "Une question ? Contactez « {business} » : {contact}",
  receiptWhy: "Vous recevez cet e-mail car vous avez payé sur une page de paiement Kola de « {business} ».",
  operatorIn: "{operator} ({country})",
} as const;

type Words = { [K in keyof typeof fr]: (typeof fr)[K] extends string ? string : { [P in keyof (typeof fr)[K]]: string } };

const en: Words = {
  test: "[Test] ",
  hello: "Hello,",
  signature: "— Kola",
  paymentSubject: "Payment received: {amount} — {link}",
  paymentIntro: "A payment of {amount} just went through on “{link}”.",
  duplicate: "This link was already paid: this second payment (a duplicate of {of}) is refunded automatically.",
  late: "This payment arrived after its attempt had expired: it is collected all the same.",
  testMode: "Test mode: no money moved.",
  amount: "Amount",
  method: "Paid with",
  reference: "Reference",
  order: "Order",
  buyer: "Buyer",
  date: "Date",
  seePayment: "See the payment: {url}",
  refundSucceededSubject: "Refund sent: {amount}",
  refundSucceededIntro: "The refund of {amount} of payment {track} was sent to the payer.",
  refundFailedSubject: "Refund failed: {amount}",
  refundFailedIntro: "The refund of {amount} of payment {track} failed; the amount is back in your available balance. You may refund it again.",
  automatic: "An automatic refund of a duplicate payment.",
  reason: "Reason",
  payoutFailedSubject: "Payout failed: {amount}",
  payoutSellerIntro: "The payout of {amount} to the seller ({phone}) failed. The money waits in the sellers’ share: retry it from the dashboard.",
  payoutWithdrawalIntro: "Your withdrawal of {amount} to {phone} failed. The money is back in your available balance.",
  seeBalance: "See the balance and payouts: {url}",
  alertSubject: "Provider alert ({provider}): please check",
  alertIntro:
    "The provider {provider} reported an operation that does not match our payments (amount, currency or reference). It settled nothing: check it with the provider.",
  alertWhat: "Operation",
  alertOutcome: "Finding",
  seeAlerts: "See the alerts: {url}",
  why: "You get this mail because “{kind}” notifications are on for “{business}”.\nTo change them: {url}",
  kinds: { payments: "payments", refunds: "refunds", failed_payouts: "failed payouts", provider_alerts: "provider alerts" },
  receiptSubject: "Your receipt: {amount} — {shop}",
  receiptIntro: "Thank you {name}, your payment of {amount} to “{shop}” is confirmed.",
  seller: "Seller",
  seeReceipt: "Your receipt online: {url}",
  contact: "A question? Contact “{business}”: {contact}",
  receiptWhy: "You get this mail because you paid on a Kola payment page of “{business}”.",
  operatorIn: "{operator} ({country})",
};

export const mailWords: Record<Lang, Words> = { fr, en };

/** `{name}` in `text` replaced by `values[name]`. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
