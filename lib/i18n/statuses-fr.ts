// The statuses the dashboard shows (lib/core/display-status.ts), and the words around them (French; statuses-en.ts mirrors it).
export const statusesFr = {
  link: { open: "Ouvert", paid: "Payé", archived: "Archivé" },
  payment: {
    pending: "En attente",
    success: "Réussi",
    partly_refunded: "Remboursé en partie",
    refunded: "Remboursé",
    failed: "Échoué",
    expired: "Expiré",
  },
  refundEvent: "Remboursement de {amount}",
  refundState: { pending: "en cours", processing: "en cours", success: "envoyé", failed: "échoué" },
  sharePaidTitle: "Ce lien a déjà été payé",
  sharePaidText:
    "Un client qui l’ouvre lira « Ce lien a déjà été payé » et ne pourra pas payer. Seul le payeur retrouve son reçu. Pour un nouvel achat, créez un nouveau lien.",
  sharePaidConfirm: "Partager quand même",
  chartTitle: "Revenu net par jour",
  chartDay: { one: "{date} : revenu net {amount} ({n} paiement réussi)", other: "{date} : revenu net {amount} ({n} paiements réussis)" },
} as const;

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type StatusWords = Widen<typeof statusesFr>;
