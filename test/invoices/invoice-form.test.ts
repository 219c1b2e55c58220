import { describe, expect, it } from "vitest";
import { formFieldOf, formTotal, invoiceFormSchema, reminderDay, reminderOf, type InvoiceFormValues } from "@/app/dashboard/(pages)/invoices/_components/invoice-form";
import { createInvoiceBody } from "@/lib/invoices/schemas";

// The dashboard's invoice form: what the merchant types becomes the body POST /v1/invoices takes
// (amounts in minor units, reminders as days from the due date), and every problem is named.

const values = (extra: Partial<InvoiceFormValues> = {}): InvoiceFormValues => ({
  customer_name: "Awa Ndiaye",
  customer_phone: "+237677123456",
  customer_email: "",
  reference: "F-1",
  language: "fr",
  lines: [
    { label: "Riz", quantity: "4", unit_price: "22 500" },
    { label: "Livraison", quantity: "1", unit_price: "10000" },
  ],
  due_date: "2099-01-31",
  allow_partial: true,
  min_part_amount: "20 000",
  reminders: [
    { when: "after", days: "7" },
    { when: "before", days: "3" },
    { when: "on", days: "" },
  ],
  memo: "",
  ...extra,
});

describe("the invoice form", () => {
  it("sends the API's body: minor units, reminder days sorted, the minimum part only with parts", () => {
    const body = invoiceFormSchema("XAF").parse(values());
    expect(body).toEqual({
      customer_name: "Awa Ndiaye",
      customer_phone: "+237677123456",
      customer_email: "",
      reference: "F-1",
      language: "fr",
      lines: [
        { label: "Riz", quantity: 4, unit_price: 22500 },
        { label: "Livraison", quantity: 1, unit_price: 10000 },
      ],
      due_date: "2099-01-31",
      allow_partial: true,
      min_part_amount: 20000,
      reminder_days: [-3, 0, 7],
      memo: "",
    });
    expect(createInvoiceBody.safeParse(body).success).toBe(true);
    expect(invoiceFormSchema("XAF").parse(values({ allow_partial: false })).min_part_amount).toBeUndefined();
    expect(invoiceFormSchema("KES").parse(values({ lines: [{ label: "Tea", quantity: "2", unit_price: "12,50" }] })).lines[0]!.unit_price).toBe(1250);
  });

  it("names every problem at once: empty line, bad quantity, a day out of reach, a repeated day", () => {
    const result = invoiceFormSchema("XAF").safeParse(
      values({
        customer_name: "",
        lines: [{ label: "", quantity: "0", unit_price: "" }],
        due_date: "",
        reminders: [
          { when: "before", days: "3" },
          { when: "before", days: "3" },
          { when: "after", days: "400" },
        ],
      }),
    );
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join(".")).sort();
    expect(paths).toEqual(["customer_name", "due_date", "lines.0.label", "lines.0.quantity", "lines.0.unit_price", "reminders.1.days", "reminders.2.days"]);
  });

  it("reminders both ways; totals as typed; the API's field names as the form's", () => {
    expect([reminderDay({ when: "before", days: "3" }), reminderDay({ when: "on", days: "9" }), reminderDay({ when: "after", days: "7" }), reminderDay({ when: "after", days: "x" })]).toEqual([-3, 0, 7, null]);
    expect([-3, 0, 7].map(reminderOf)).toEqual([
      { when: "before", days: "3" },
      { when: "on", days: "0" },
      { when: "after", days: "7" },
    ]);
    expect(formTotal(values().lines, "XAF")).toBe(100000);
    expect(formTotal([{ label: "", quantity: "2", unit_price: "abc" }], "XAF")).toBeNull();
    expect([formFieldOf("reminder_days.2"), formFieldOf("lines.0.unit_price")]).toEqual(["reminders.2.days", "lines.0.unit_price"]);
  });
});
