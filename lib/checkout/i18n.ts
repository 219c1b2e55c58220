import type { CountryIso3 } from "@/lib/countries";
import { languages, type Lang } from "@/lib/i18n/languages";

// The words of the checkout pages, French first (DESIGN §7). Keys are shared; `{name}` is replaced
// by `t(locale, key, { name })`. A buyer's choice (`?lang=en`) beats the browser's Accept-Language.
// French puts a no-break space (\u00a0) before : ; ! ? so that a line never starts with one.

export const locales = languages;
export type Locale = Lang;

const fr = {
  "page.pay": "Payer {shop}",
  "page.receipt": "Reçu de paiement",
  "page.waiting": "Validez le paiement",
  "lang.switch": "English",
  "amount.label": "Montant à payer",
  "amount.price": "Prix",
  "amount.fee": "Frais de service",
  "seller": "Vendu par {shop}",
  "test.banner": "Mode test\u00a0: aucun argent réel. Numéros finissant par 01 ou 02\u00a0: échec\u00a0; 03\u00a0: pas de réponse\u00a0; autres\u00a0: succès.",
  "test.badge": "Mode test\u00a0: aucun argent réel.",
  "field.required": "obligatoire",
  "field.country": "Pays",
  "field.operator": "Opérateur mobile money",
  "field.phone": "Numéro mobile money",
  "field.phone.hint": "Exemple\u00a0: {example}",
  "field.full_name": "Nom complet",
  "field.email": "Adresse e-mail",
  "field.choose": "Choisir…",
  "section.buyer": "Vos informations",
  "section.payment": "Paiement",
  "required.legend": "Les champs marqués d’un * sont obligatoires.",
  "submit": "Payer {amount}",
  "submit.busy": "Envoi en cours…",
  "submit.network": "La connexion a échoué. Vérifiez votre réseau puis appuyez de nouveau sur Payer\u00a0: vous ne serez pas débité deux fois.",
  "form.problems": "Certaines informations sont à corriger.",
  "form.operator_down": "indisponible pour le moment",
  "form.expired": "Le formulaire a expiré. Vérifiez vos informations et appuyez de nouveau sur Payer.",
  "limit.phone": "Trop de demandes de paiement envoyées à ce numéro. Réessayez dans {minutes}\u00a0min, ou payez avec un autre numéro.",
  "limit.attempts": "Trop de tentatives de paiement. Réessayez dans {minutes}\u00a0min.",
  "secure": "Paiement mobile money sécurisé",
  "support": "Besoin d’aide\u00a0?",
  "err.country.missing": "Choisissez votre pays.",
  "err.country.invalid": "On ne peut pas payer en {currency} depuis ce pays. Choisissez un autre pays.",
  "err.operator.missing": "Choisissez votre opérateur mobile money.",
  "err.operator.invalid": "Cet opérateur n’est pas proposé dans le pays choisi. Choisissez-en un autre.",
  "err.phone.missing": "Saisissez votre numéro mobile money.",
  "err.phone.invalid": "Ce numéro ne semble pas valide pour le pays choisi ({country}). Exemple\u00a0: {example}.",
  "err.full_name.missing": "Saisissez votre nom complet.",
  "err.full_name.long": "Votre nom est trop long (100 caractères au plus).",
  "err.email.missing": "Saisissez votre adresse e-mail.",
  "err.email.invalid": "Cette adresse e-mail ne semble pas valide (exemple\u00a0: nom@exemple.com).",
  "err.answer.missing": "Ce champ est obligatoire.",
  "err.answer.checkbox": "Cochez cette case pour continuer.",
  "err.answer.long": "Ce texte est trop long.",
  "err.answer.email": "Cette adresse e-mail ne semble pas valide (exemple\u00a0: nom@exemple.com).",
  "err.answer.phone": "Ce numéro de téléphone ne semble pas valide.",
  "err.answer.number": "Saisissez un nombre, par exemple 12 ou 3,5.",
  "err.answer.date": "Saisissez une date valide.",
  "err.answer.select": "Choisissez une des options proposées.",
  "err.field": "Vérifiez ce champ.",
  "wait.title": "Validez le paiement sur votre téléphone",
  "wait.prompt": "Une demande de {amount} a été envoyée au {phone} ({operator}). Saisissez votre code secret {operator} sur le téléphone pour la valider.",
  "wait.prompt.app": "Une demande de {amount} a été envoyée au {phone}. Ouvrez l’application {operator} et validez le paiement.",
  "wait.status": "En attente de votre validation…",
  "wait.auto": "Cette page se met à jour toute seule. Ne la fermez pas.",
  "wait.nothing": "Rien reçu\u00a0? Vérifiez que votre téléphone est allumé et a du réseau.",
  "wait.other": "Utiliser un autre numéro",
  "wait.other.hint": "Mauvais numéro, ou la demande n’arrive pas\u00a0?",
  "wait.other.early": "Cette demande peut encore être validée sur le téléphone. Vous pourrez utiliser un autre numéro dans {wait}.",
  "busy.other": "Un paiement est déjà en cours sur ce lien avec un autre numéro. Réessayez dans {wait}, quand il aura abouti ou expiré.",
  "reference": "Référence",
  "receipt.title": "Paiement reçu",
  "receipt.body": "Merci\u00a0! {shop} a bien reçu votre paiement de {amount}.",
  "receipt.keep": "Gardez cette référence\u00a0: elle identifie votre paiement.",
  "receipt.date": "Date",
  "receipt.method": "Payé avec",
  "receipt.order": "Commande",
  "receipt.shop": "Bénéficiaire",
  "receipt.amount": "Montant",
  "receipt.bought": "Achat",
  "receipt.seller": "Vendeur",
  "receipt.marketplace": "Boutique",
  "receipt.buyer": "Acheteur",
  "receipt.answers": "Vos réponses",
  "receipt.yes": "Oui",
  "receipt.no": "Non",
  "receipt.print": "Imprimer ou enregistrer en PDF",
  "failed.title": "Le paiement n’a pas abouti",
  "failed.insufficient_funds": "Le solde de votre compte mobile money est insuffisant.",
  "failed.refused_by_payer": "Le paiement a été refusé sur le téléphone.",
  "failed.expired": "La demande a expiré\u00a0: elle n’a pas été validée à temps.",
  "failed.provider_error": "Le service de paiement a refusé la demande pour une raison technique chez le marchand (ses réglages). Réessayez plus tard ou prévenez le marchand.",
  "failed.invalid_phone_number": "Ce numéro n’est pas valide pour cet opérateur. Vérifiez-le, ou choisissez l’opérateur de ce numéro.",
  "failed.invalid_amount": "Cet opérateur n’accepte pas ce montant (centimes ou format). Choisissez un autre opérateur.",
  "failed.invalid_currency": "Cet opérateur n’accepte pas les paiements dans cette devise. Choisissez un autre opérateur.",
  "failed.invalid_provider": "Cet opérateur n’est pas ouvert aux paiements sur ce service. Choisissez un autre opérateur.",
  "failed.deposits_not_allowed": "Ce marchand ne peut pas encore recevoir de paiements par cet opérateur. Choisissez un autre opérateur.",
  "failed.provider_unreachable": "Nous n’avons pas pu joindre l’opérateur : aucune demande n’a été envoyée à votre téléphone.",
  "failed.payment_in_progress": "Un autre paiement est déjà en cours sur ce numéro. Validez-le ou attendez qu’il se termine, puis réessayez.",
  "unreachable.form": "Nous n’avons pas pu joindre {operator}. Aucune demande n’a été envoyée à votre téléphone et rien n’a été débité. Réessayez, ou choisissez un autre opérateur.",
  "wait.sending": "Nous transmettons votre demande à {operator}…",
  "failed.payer_not_found": "Ce numéro n’a pas de compte mobile money chez cet opérateur.",
  "failed.payer_limit_reached": "Le plafond de votre compte mobile money est atteint.",
  "failed.amount_out_of_bounds": "Ce montant dépasse les limites de l’opérateur.",
  "failed.operator_unavailable": "L’opérateur est momentanément indisponible.",
  "failed.other": "L’opérateur a refusé le paiement.",
  "failed.nothing_taken": "Aucun montant n’a été débité.",
  "failed.retry": "Réessayer",
  "notfound.title": "Lien de paiement introuvable",
  "notfound.body": "Vérifiez l’adresse, ou demandez un nouveau lien au marchand.",
  "archived.title": "Ce lien de paiement n’est plus disponible",
  "archived.body": "Le marchand l’a retiré. Contactez-le pour obtenir un nouveau lien.",
  "inactive.title": "Cette boutique n’accepte pas de paiements pour le moment",
  "inactive.body": "Réessayez plus tard, ou contactez le vendeur.",
  "unavailable.title": "Paiement indisponible",
  "unavailable.body": "Les paiements réels ne sont pas encore ouverts sur ce service. Aucun montant n’a été débité\u00a0: contactez le marchand.",
  "error.title": "Une erreur s’est produite",
  "error.body": "Nous n’avons pas pu afficher cette page. Réessayez dans un instant\u00a0: vous ne serez pas débité deux fois.",
  "error.retry": "Réessayer",
  "continue.title": "Retour au site du marchand…",
  "continue.provider": "Vers la page de paiement sécurisée…",
  "continue.link": "Continuer",
} as const;

export type MessageKey = keyof typeof fr;

const en: Record<MessageKey, string> = {
  "page.pay": "Pay {shop}",
  "page.receipt": "Payment receipt",
  "page.waiting": "Approve the payment",
  "lang.switch": "Français",
  "amount.label": "Amount to pay",
  "amount.price": "Price",
  "amount.fee": "Service fee",
  "seller": "Sold by {shop}",
  "test.banner": "Test mode: no real money. Numbers ending in 01 or 02 fail; 03 never answers; any other succeeds.",
  "test.badge": "Test mode: no real money.",
  "field.required": "required",
  "field.country": "Country",
  "field.operator": "Mobile money operator",
  "field.phone": "Mobile money number",
  "field.phone.hint": "Example: {example}",
  "field.full_name": "Full name",
  "field.email": "Email address",
  "field.choose": "Choose…",
  "section.buyer": "Your details",
  "section.payment": "Payment",
  "required.legend": "Fields marked * are required.",
  "submit": "Pay {amount}",
  "submit.busy": "Sending…",
  "submit.network": "The connection failed. Check your network and tap Pay again: you will not be charged twice.",
  "form.problems": "Some details need correcting.",
  "form.operator_down": "unavailable right now",
  "form.expired": "This form has expired. Check your details and tap Pay again.",
  "limit.phone": "Too many payment requests sent to this number. Try again in {minutes} min, or pay with another number.",
  "limit.attempts": "Too many payment attempts. Try again in {minutes} min.",
  "secure": "Secure mobile money payment",
  "support": "Need help?",
  "err.country.missing": "Choose your country.",
  "err.country.invalid": "{currency} cannot be paid from this country. Choose another country.",
  "err.operator.missing": "Choose your mobile money operator.",
  "err.operator.invalid": "This operator is not available in the chosen country. Choose another one.",
  "err.phone.missing": "Enter your mobile money number.",
  "err.phone.invalid": "This does not look like a valid number for the chosen country ({country}). Example: {example}.",
  "err.full_name.missing": "Enter your full name.",
  "err.full_name.long": "Your name is too long (100 characters at most).",
  "err.email.missing": "Enter your email address.",
  "err.email.invalid": "This email address does not look right (example: name@example.com).",
  "err.answer.missing": "This field is required.",
  "err.answer.checkbox": "Tick this box to continue.",
  "err.answer.long": "This text is too long.",
  "err.answer.email": "This email address does not look right (example: name@example.com).",
  "err.answer.phone": "This phone number does not look right.",
  "err.answer.number": "Enter a number, for example 12 or 3.5.",
  "err.answer.date": "Enter a valid date.",
  "err.answer.select": "Choose one of the options.",
  "err.field": "Check this field.",
  "wait.title": "Approve the payment on your phone",
  "wait.prompt": "A request for {amount} was sent to {phone} ({operator}). Enter your {operator} PIN on the phone to approve it.",
  "wait.prompt.app": "A request for {amount} was sent to {phone}. Open the {operator} app and approve the payment.",
  "wait.status": "Waiting for your approval…",
  "wait.auto": "This page updates by itself. Keep it open.",
  "wait.nothing": "Nothing received? Check that your phone is on and has signal.",
  "wait.other": "Use another number",
  "wait.other.hint": "Wrong number, or the request does not arrive?",
  "wait.other.early": "This request can still be approved on the phone. You can use another number in {wait}.",
  "busy.other": "A payment on this link is already in progress from another number. Try again in {wait}, once it has gone through or expired.",
  "reference": "Reference",
  "receipt.title": "Payment received",
  "receipt.body": "Thank you! {shop} has received your payment of {amount}.",
  "receipt.keep": "Keep this reference: it identifies your payment.",
  "receipt.date": "Date",
  "receipt.method": "Paid with",
  "receipt.order": "Order",
  "receipt.shop": "Paid to",
  "receipt.amount": "Amount",
  "receipt.bought": "Purchase",
  "receipt.seller": "Seller",
  "receipt.marketplace": "Shop",
  "receipt.buyer": "Buyer",
  "receipt.answers": "Your answers",
  "receipt.yes": "Yes",
  "receipt.no": "No",
  "receipt.print": "Print or save as PDF",
  "failed.title": "The payment did not go through",
  "failed.insufficient_funds": "Your mobile money balance is too low.",
  "failed.refused_by_payer": "The payment was declined on the phone.",
  "failed.expired": "The request expired: it was not approved in time.",
  "failed.provider_error": "The payment service refused the request for a technical reason on the merchant’s side (their settings). Try again later or tell the merchant.",
  "failed.invalid_phone_number": "This number is not valid for this operator. Check it, or choose this number’s operator.",
  "failed.invalid_amount": "This operator does not take this amount (cents or format). Choose another operator.",
  "failed.invalid_currency": "This operator does not take payments in this currency. Choose another operator.",
  "failed.invalid_provider": "This operator is not open for payments on this service. Choose another operator.",
  "failed.deposits_not_allowed": "This merchant cannot take payments with this operator yet. Choose another operator.",
  "failed.provider_unreachable": "We could not reach the operator: no request was sent to your phone.",
  "failed.payment_in_progress": "Another payment is already in progress on this number. Approve it or wait until it ends, then try again.",
  "unreachable.form": "We could not reach {operator}. No request was sent to your phone and nothing was taken. Try again, or choose another operator.",
  "wait.sending": "We are passing your request on to {operator}…",
  "failed.payer_not_found": "This number has no mobile money account with this operator.",
  "failed.payer_limit_reached": "Your mobile money account has reached its limit.",
  "failed.amount_out_of_bounds": "This amount is outside the operator’s limits.",
  "failed.operator_unavailable": "The operator is unavailable for now.",
  "failed.other": "The operator declined the payment.",
  "failed.nothing_taken": "No money was taken.",
  "failed.retry": "Try again",
  "notfound.title": "Payment link not found",
  "notfound.body": "Check the address, or ask the merchant for a new link.",
  "archived.title": "This payment link is no longer available",
  "archived.body": "The merchant has withdrawn it. Contact them for a new link.",
  "inactive.title": "This shop is not accepting payments right now",
  "inactive.body": "Try again later, or contact the seller.",
  "unavailable.title": "Payment unavailable",
  "unavailable.body": "Real payments are not open on this service yet. No money was taken: please contact the merchant.",
  "error.title": "Something went wrong",
  "error.body": "We could not show this page. Try again in a moment: you will not be charged twice.",
  "error.retry": "Try again",
  "continue.title": "Returning to the merchant’s site…",
  "continue.provider": "Going to the secure payment page…",
  "continue.link": "Continue",
};

const dictionaries: Record<Locale, Record<MessageKey, string>> = { fr, en };

/** The message `key` in `locale`, with `{name}` placeholders filled from `vars`. */
export function t(locale: Locale, key: MessageKey, vars: Record<string, string | number> = {}): string {
  return dictionaries[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : whole,
  );
}

export function isLocale(value: string | null | undefined): value is Locale {
  return value === "fr" || value === "en";
}

/**
 * The page's language: `?lang=fr|en` when the buyer chose one, else the best of fr/en in
 * Accept-Language (by q-value, then order), else French.
 */
export function pickLocale(url: URL, acceptLanguage: string | null): Locale {
  const chosen = url.searchParams.get("lang");
  if (isLocale(chosen)) return chosen;
  let best: { locale: Locale; q: number; index: number } | undefined;
  (acceptLanguage ?? "").split(",").forEach((part, index) => {
    const [range = "", ...params] = part.trim().toLowerCase().split(";");
    const primary = range.trim().split("-")[0];
    if (!isLocale(primary)) return;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) return;
    if (!best || q > best.q) best = { locale: primary, q, index };
  });
  return best?.locale ?? "fr";
}

/** The tag for Intl formatting and `<html lang>`. */
export function intlLocale(locale: Locale): string {
  return locale === "fr" ? "fr-FR" : "en-GB";
}

const countryNames: Record<Locale, Record<CountryIso3, string>> = {
  fr: {
    CMR: "Cameroun",
    CIV: "Côte d'Ivoire",
    SEN: "Sénégal",
    BEN: "Bénin",
    BFA: "Burkina Faso",
    TGO: "Togo",
    COG: "Congo",
    GAB: "Gabon",
    COD: "RD Congo",
    KEN: "Kenya",
    RWA: "Rwanda",
    TZA: "Tanzanie",
    ZMB: "Zambie",
  },
  en: {
    CMR: "Cameroon",
    CIV: "Côte d'Ivoire",
    SEN: "Senegal",
    BEN: "Benin",
    BFA: "Burkina Faso",
    TGO: "Togo",
    COG: "Congo",
    GAB: "Gabon",
    COD: "DR Congo",
    KEN: "Kenya",
    RWA: "Rwanda",
    TZA: "Tanzania",
    ZMB: "Zambia",
  },
};

export function countryName(locale: Locale, code: CountryIso3): string {
  return countryNames[locale][code];
}
