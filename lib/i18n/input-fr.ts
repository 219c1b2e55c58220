// Typed input (« Montant », payout numbers): what an amount field says when it cannot read the
// amount, and the saved payout numbers of the withdrawal dialog.
export const inputFr = {
  amount: {
    not_a_number: "Écrivez le montant en chiffres, par exemple {example}.",
    empty: "Écrivez le montant en chiffres, par exemple {example}.",
    no_minor_unit: "Le {currency} n’a pas de centimes : écrivez un nombre entier, par exemple {example}.",
    too_many_decimals: "Au plus {decimals} chiffres après la virgule, par exemple {example}.",
    ambiguous: "« {typed} » peut se lire de deux façons : écrivez {example} (ou {cents} avec des centimes).",
    other_currency: "Ce montant est en {currency} ({code}) : écrivez-le en chiffres, par exemple {example}.",
    too_large: "Ce montant est trop grand.",
    /** the currency as a sentence names it (« Le franc CFA n’a pas de centimes ») */
    names: { XAF: "franc CFA", XOF: "franc CFA", RWF: "franc rwandais", CDF: "franc congolais", KES: "shilling kényan", TZS: "shilling tanzanien", ZMW: "kwacha" } as Record<string, string>,
  },
  payoutNumbers: {
    listTitle: "Numéros de retrait enregistrés",
    listIntro: "Proposés dans « Retirer ». Les retraits déjà envoyés gardent leur numéro.",
    listEmpty: "Aucun numéro enregistré : cochez « Enregistrer ce numéro » lors d'un retrait.",
    colNumber: "Numéro",
    colOperator: "Opérateur",
    colLabel: "Nom",
    colSaved: "Enregistré le",
    remove: "Supprimer",
    removeLabel: "Supprimer le numéro {number}",
    removeTitle: "Supprimer ce numéro enregistré ?",
    removeText: "{number} ({operator}) ne sera plus proposé pour les retraits. Les retraits déjà envoyés ne changent pas.",
    removed: "Numéro supprimé",
    saved: "Numéro enregistré",
    newNumber: "Un autre numéro",
    save: "Enregistrer ce numéro pour les prochains retraits",
    label: "Nom du numéro (facultatif)",
    labelPlaceholder: "Mon Orange Money",
    mismatch: "Ce numéro est un numéro {network} : choisissez « {operator} » ou un numéro {chosen}.",
    unsupported: "Ce numéro est sur le réseau {network}, où Kola ne verse pas : donnez un numéro {operators}.",
  },
};
