// The words of the Providers section's health (unreadable configuration, circuit
// breaker), in French: the `providerHealth` section of the dashboard's dictionary. The -en file
// has the same keys.
export const providerHealthFr = {
  unreadable: "Configuration illisible ({provider}) : sa réponse ne correspond plus à son contrat publié. Ses opérateurs restent proposés et chaque paiement bascule sur le fournisseur suivant en cas d'échec. Lancez npm run providers:check. Détail : {problem}",
  unreachable: "{provider} ne répond pas : sa configuration n'a jamais pu être lue. Ses opérateurs sont essayés, avec bascule sur le fournisseur suivant en cas d'échec.",
  stale: "{provider} ne répond plus depuis trop longtemps : il est mis de côté jusqu'à ce qu'il réponde de nouveau.",
  breakerOpen: "Disjoncteur ouvert",
  breakerHalfOpen: "Disjoncteur en essai",
  breakerHint: "Après plusieurs échecs de suite, les paiements passent par le fournisseur suivant ; un paiement réessaie ce fournisseur après une pause.",
};
