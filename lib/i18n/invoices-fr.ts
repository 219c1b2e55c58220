// The dashboard's invoices (« Factures »): payment requests to one customer, paid whole or in parts.
export const invoicesFr = {
  title: "Factures",
  intro: "Une demande de paiement à un client : des lignes, une échéance, des rappels ; payée en une fois ou en plusieurs.",
  empty: "Aucune facture pour l’instant",
  emptyText: "Créez une facture avec POST /v1/invoices : elle apparaît ici avec ce qui est payé et ce qui reste.",
  total: "Total",
  paid: "Payé",
  balance: "Reste",
  due: "Échéance : {date}",
  customerPage: "Page client",
  print: "Imprimer",
  cancel: "Annuler",
  cancelConfirm: "Annuler la facture",
  cancelled: "Facture annulée",
  cancelTitle: "Annuler cette facture ?",
  cancelText: "Elle n’acceptera plus de paiement et ses rappels s’arrêtent. Les paiements en cours se terminent.",
  status: { open: "À payer", partially_paid: "Payée en partie", paid: "Payée", overdue: "En retard", cancelled: "Annulée" },
};
