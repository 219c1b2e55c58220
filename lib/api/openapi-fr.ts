import { frenchText } from "./openapi-fr-texts";

// The French words of the OpenAPI document (GET /v1/openapi.json?lang=fr, shown by /docs in French):
// the summary and description of the operations of payment pages, invoices, payment requests and
// customers, keyed by "METHOD path". Paths, fields, types and examples stay the English document's:
// only the words a reader reads change. test/api/openapi-fr.test.ts fails when an operation of these
// tags has no French summary.

type Words = { summary: string; description?: string };

/** The tags whose operations are in French, and their names in French (the tag itself keeps its name). */
export const frenchTags: Record<string, string> = {
  "Payment pages": "Pages de paiement : une page que beaucoup d'acheteurs paient.",
  Invoices: "Factures : une demande de paiement à un client, avec lignes, échéance et rappels.",
  "Payment requests": "Demandes de paiement : faire sonner le téléphone d'un acheteur.",
  Customers: "Clients : le carnet des payeurs du marchand.",
};

export const frenchOperations: Record<string, Words> = {
  "POST /v1/payment-pages": {
    summary: "Créer une page de paiement",
    description:
      "Un lien que beaucoup d'acheteurs paient : un prix fixe avec une quantité, ou un montant choisi par l'acheteur. Tous les problèmes du corps sont répondus d'un coup (422) ; les montants sont vérifiés contre les bornes de votre devise une fois le corps conforme à ses propres règles. Les champs de l'autre type de montant sont ignorés.",
  },
  "GET /v1/payment-pages": { summary: "Lister vos pages de paiement, les plus récentes d'abord" },
  "GET /v1/payment-pages/{page_id}": { summary: "Lire une page de paiement" },
  "PATCH /v1/payment-pages/{page_id}": {
    summary: "Modifier une page de paiement",
    description:
      "Seuls les champs envoyés changent ; les paiements en cours gardent leur montant. Le type de montant reste celui de la page (les champs de l'autre type sont ignorés). Un stock ou un plafond de paiements sous ce qui est déjà pris est refusé (422, avec le minimum possible). Une date de fin plus tardive ou un stock plus grand rouvre une page terminée ou épuisée ; une page que vous avez fermée se rouvre avec `POST /v1/payment-pages/{page_id}/reopen`.",
  },
  "POST /v1/payment-pages/{page_id}/close": {
    summary: "Fermer une page de paiement",
    description: "Elle affiche alors son `closed_message` et ne prend plus de paiement ; les paiements en cours se terminent. Fermer une page fermée la renvoie inchangée.",
  },
  "POST /v1/payment-pages/{page_id}/reopen": {
    summary: "Rouvrir une page de paiement fermée",
    description: "Annule `close` : la page reprend les paiements (sauf si elle est passée sa date de fin ou épuisée : changez-les avec PATCH). Rouvrir une page ouverte la renvoie inchangée.",
  },
  "GET /v1/payment-pages/{page_id}/payments": {
    summary: "Les paiements d'une page, les plus récents d'abord",
    description: "Le paiement de chaque acheteur (chacun un dépôt avec son propre `track_id`), avec sa quantité et ses réponses.",
  },

  "POST /v1/invoices": {
    summary: "Créer une facture",
    description: "Une demande de paiement à un client, avec ses lignes, son échéance et ses rappels. Tous les problèmes du corps sont répondus d'un coup (422).",
  },
  "GET /v1/invoices": { summary: "Lister vos factures, les plus récentes d'abord" },
  "GET /v1/invoices/{invoice_id}": { summary: "Lire une facture" },
  "POST /v1/invoices/{invoice_id}/cancel": {
    summary: "Annuler une facture",
    description:
      "Elle ne prend alors plus de paiement et n'envoie plus de rappel (les rappels pas encore envoyés sont retirés) ; les paiements en cours se terminent. Une facture payée ne peut pas être annulée (409) ; annuler une facture annulée la renvoie inchangée.",
  },
  "GET /v1/invoices/{invoice_id}/payments": { summary: "Les paiements d'une facture, les plus récents d'abord" },
  "GET /v1/invoices/{invoice_id}/reminders": { summary: "Les rappels envoyés au client d'une facture, par étape" },

  "POST /v1/payment-requests": {
    summary: "Demander au téléphone d'un acheteur de payer",
    description:
      "Crée le paiement et demande à l'opérateur d'envoyer tout de suite l'invite du code PIN au téléphone de l'acheteur (avec le nom de la boutique quand le fournisseur le permet) ; en mode test, le bac à sable répond comme pour un paiement en ligne (un numéro finissant par 01 échoue pour solde insuffisant, 02 est refusé par le payeur, 03 ne répond jamais, tout autre réussit). Pour un opérateur servi seulement par un fournisseur à redirection, rien n'est envoyé : `delivery` vaut `link`, donnez `pay_url` ou montrez `qr_url`. Limites : un numéro sonne au plus 5 fois en 10 minutes par compte et 10 fois par heure en tout (429 avec `Retry-After`), un compte 600 fois par heure. Utilisez une `Idempotency-Key` : une nouvelle tentative ne fait jamais sonner deux fois.",
  },
  "GET /v1/payment-requests": { summary: "Lister les demandes de paiement", description: "Les plus récentes d'abord. Un caissier ne voit que ses propres demandes du jour." },
  "GET /v1/payment-requests/summary": { summary: "Les demandes payées d'un jour et leur total, par encaisseur" },
  "GET /v1/payment-requests/{request_id}": { summary: "Lire une demande de paiement (en attendant au besoin que son statut change)" },
  "POST /v1/payment-requests/{request_id}/resend": {
    summary: "Renvoyer l'invite",
    description:
      "Après une tentative échouée ou expirée (`can_resend`) : une nouvelle invite au même numéro, sous les mêmes limites. Tant qu'une invite est sur le téléphone : `PAYMENT_REQUEST_IN_FLIGHT` ; payée, annulée ou passée `expires_at` : `PAYMENT_REQUEST_CLOSED`.",
  },
  "POST /v1/payment-requests/{request_id}/cancel": {
    summary: "Annuler une demande de paiement",
    description:
      "Seulement tant que rien n'est sur le téléphone de l'acheteur : une invite envoyée ne peut pas être retirée chez l'opérateur (`PAYMENT_REQUEST_IN_FLIGHT` ; attendez sa réponse ou son expiration). Une demande payée ne peut pas être annulée (remboursez-la).",
  },

  "GET /v1/customers": {
    summary: "Lister vos clients, les plus récents d'abord",
    description: "Les numéros sont masqués ici ; la fiche d'un client (`GET /v1/customers/{customer_id}`) montre le numéro entier. Les fiches fusionnées et effacées sont omises.",
  },
  "POST /v1/customers": {
    summary: "Ajouter un client à la main",
    description: "Les payeurs sont de toute façon ajoutés par leur premier paiement réussi ; ceci sert pour quelqu'un qui n'a pas encore payé. Un numéro déjà dans le carnet : `409 CUSTOMER_EXISTS`.",
  },
  "GET /v1/customers/{customer_id}": { summary: "Lire un client, numéro entier et paiements" },
  "PATCH /v1/customers/{customer_id}": {
    summary: "Changer le nom ou l'e-mail d'un client",
    description: "Seuls les champs envoyés changent. Le numéro, non : c'est ce qu'est le client.",
  },
  "POST /v1/customers/{customer_id}/merge": {
    summary: "Fusionner dans celle-ci une autre fiche de la même personne",
    description:
      "Une autre fiche de l'appelant (sinon `404 CUSTOMER_NOT_FOUND`) : ses paiements passent sur celle-ci (les totaux suivent), elle est marquée `merged_into` celle-ci, et les paiements suivants de son numéro sont comptés ici. Refusionner la même paire répond de même. Le nom et l'e-mail qui manquent à celle-ci sont pris de l'autre.",
  },
  "POST /v1/customers/{customer_id}/erase": {
    summary: "Effacer les données personnelles d'un client",
    description:
      "À la demande du client : son numéro, son nom et son e-mail sont supprimés, de même que les champs du payeur de ses paiements (le numéro masqué, le nom et l'e-mail d'un acheteur de marketplace vidés) et des fiches fusionnées dans la sienne. Les paiements restent, avec leurs montants, dates, statuts, track ids et reçus, et les comptes sont inchangés. Un paiement suivant du numéro crée une nouvelle fiche. Effacer à nouveau répond de même.",
  },
};

type Json = Record<string, unknown>;
type Doc = { tags?: { name: string; description?: string }[]; paths?: Record<string, Record<string, Words & Json>>; components?: Record<string, Record<string, unknown>> };

/**
 * The document with the French words above (a copy: the English one, cached, is left alone). A
 * description's own sentences (`english`: the operation's, by "METHOD path") become French, and so
 * do the notes the document adds after them (paging, roles) and every description inside these
 * operations (parameters, bodies, responses) and in the schemas and headers they refer to, from
 * openapi-fr-texts.ts. A component shared with an English operation is French too: one document
 * holds it once.
 */
export function inFrench<T>(document: T, english: ReadonlyMap<string, string | undefined>): T {
  const doc = structuredClone(document) as Doc;
  for (const tag of doc.tags ?? []) if (frenchTags[tag.name]) tag.description = frenchTags[tag.name];
  const refs = new Set<string>();
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      const words = frenchOperations[key];
      if (!words) continue;
      operation.summary = words.summary;
      const own = english.get(key);
      const mine = words.description && own && operation.description?.startsWith(own);
      const notes = mine ? operation.description!.slice(own.length).replace(/^\n\n/, "") : operation.description;
      const frenchNotes = notes ? (frenchText(notes) ?? notes) : "";
      const head = mine ? words.description! : "";
      if (operation.description !== undefined) operation.description = head && frenchNotes ? `${head}\n\n${frenchNotes}` : head || frenchNotes;
      for (const part of ["parameters", "requestBody", "responses"]) translate(operation[part], refs);
    }
  }
  // the components these operations refer to, and those they refer to in turn
  for (const ref of refs) {
    const [, , kind, name] = ref.split("/");
    translate(doc.components?.[kind!]?.[name!], refs);
  }
  return doc as T;
}

/** Every `description` text inside `value` in French where it has its French words; `$ref`s found are added to `refs`. */
function translate(value: unknown, refs: Set<string>): void {
  if (Array.isArray(value)) return value.forEach((item) => translate(item, refs));
  if (!value || typeof value !== "object") return;
  const object = value as Json;
  for (const [key, item] of Object.entries(object)) {
    if (key === "$ref" && typeof item === "string" && item.startsWith("#/components/")) refs.add(item);
    else if (key === "description" && typeof item === "string") object.description = frenchText(item) ?? item;
    // an example is data (a field may be called `description`): left as it is
    else if (key !== "example" && key !== "examples" && key !== "default" && key !== "const" && key !== "enum") translate(item, refs);
  }
}
