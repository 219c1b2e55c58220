import type { invoicesFr } from "./invoices-fr";

type Words<T> = { [K in keyof T]: T[K] extends string ? string : Words<T[K]> };

export const invoicesEn: Words<typeof invoicesFr> = {
  title: "Invoices",
  intro: "A payment request to one customer: lines, a due date, reminders; paid at once or in parts.",
  empty: "No invoices yet",
  emptyText: "Create one with POST /v1/invoices: it shows here with what is paid and what is left.",
  total: "Total",
  paid: "Paid",
  balance: "Left",
  due: "Due: {date}",
  customerPage: "Customer page",
  print: "Print",
  cancel: "Cancel",
  cancelConfirm: "Cancel the invoice",
  cancelled: "Invoice cancelled",
  cancelTitle: "Cancel this invoice?",
  cancelText: "It will take no more payments and its reminders stop. Payments in progress finish.",
  status: { open: "Open", partially_paid: "Partly paid", paid: "Paid", overdue: "Overdue", cancelled: "Cancelled" },
};
