import { z } from "zod";
import { amountBounds } from "@/lib/countries";
import { isCurrency, type Currency } from "@/lib/core/money";
import { languages } from "@/lib/core/languages";
import { parseAmountInput } from "@/lib/forms/amount-input";
import { createInvoiceBody, MAX_LINES, MAX_REMINDERS, REMINDER_REACH, type CreateInvoiceBody } from "@/lib/invoices/schemas";

// The invoice form: the API's own field rules (createInvoiceBody's shape), with amounts typed in
// major units ("25 000", "12,50") and reminders as the merchant says them (3 days before, on the
// day, 7 days after) sent as days from the due date ([-3, 0, 7]).

export const reminderWhens = ["before", "on", "after"] as const;
export type ReminderWhen = (typeof reminderWhens)[number];

export type InvoiceFormValues = {
  customer_name: string;
  customer_phone: string;
  customer_email: string;
  reference: string;
  language: "fr" | "en";
  lines: { label: string; quantity: string; unit_price: string }[];
  due_date: string;
  allow_partial: boolean;
  min_part_amount: string;
  reminders: { when: ReminderWhen; days: string }[];
  memo: string;
};

export const emptyLine = { label: "", quantity: "1", unit_price: "" };
export const defaultReminders: InvoiceFormValues["reminders"] = [
  { when: "before", days: "3" },
  { when: "on", days: "0" },
  { when: "after", days: "7" },
];

const shape = createInvoiceBody.shape;

function amountText(currency: string, required: boolean) {
  const { min, max } = amountBounds((isCurrency(currency) ? currency : "XAF") as Currency);
  return z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (text === "") {
        if (required) ctx.addIssue({ code: "invalid_type", expected: "number", input: "" });
        return required ? z.NEVER : undefined;
      }
      const minor = parseAmountInput(text, currency); // the one parser of typed amounts
      if (minor !== null) return minor;
      ctx.addIssue({ code: "invalid_format", format: "amount", input: text });
      return z.NEVER;
    })
    .pipe(z.int().min(required ? 1 : min).max(max).optional());
}

const countText = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/)
  .transform(Number)
  .pipe(z.int().min(1).max(10_000));

/** A reminder as days from the due date: "3 days before" → -3, "on the day" → 0, "7 days after" → 7. */
export function reminderDay(r: { when: ReminderWhen; days: string }): number | null {
  if (r.when === "on") return 0;
  const n = /^\d{1,3}$/.test(r.days.trim()) ? Number(r.days.trim()) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > REMINDER_REACH) return null;
  return r.when === "before" ? -n : n;
}

/** Days from the due date back to what the form shows. */
export function reminderOf(day: number): { when: ReminderWhen; days: string } {
  return day === 0 ? { when: "on", days: "0" } : { when: day < 0 ? "before" : "after", days: String(Math.abs(day)) };
}

/** The form's schema for an account's currency: its output is the body POST /v1/invoices takes. */
export function invoiceFormSchema(currency: string) {
  return z
    .object({
      customer_name: shape.customer_name,
      customer_phone: z.string().trim().max(32),
      customer_email: shape.customer_email,
      reference: shape.reference,
      language: z.enum(languages),
      lines: z
        .array(z.object({ label: shape.lines.element.shape.label, quantity: countText, unit_price: amountText(currency, true) }))
        .min(1)
        .max(MAX_LINES),
      due_date: z.iso.date(),
      allow_partial: z.boolean(),
      min_part_amount: amountText(currency, false),
      reminders: z
        .array(
          z.object({ when: z.enum(reminderWhens), days: z.string() }).superRefine((r, ctx) => {
            if (reminderDay(r) === null) ctx.addIssue({ code: "too_big", origin: "number", maximum: REMINDER_REACH, inclusive: true, path: ["days"], input: r.days });
          }),
        )
        .max(MAX_REMINDERS)
        .superRefine((list, ctx) => {
          const seen = new Set<number>();
          list.forEach((r, i) => {
            const day = reminderDay(r);
            if (day === null) return;
            if (seen.has(day)) ctx.addIssue({ code: "custom", path: [i, "days"], message: "repeat", input: r.days });
            seen.add(day);
          });
        }),
      memo: z.string().max(1000),
    })
    .transform(
      (v): CreateInvoiceBody => ({
        customer_name: v.customer_name,
        customer_phone: v.customer_phone,
        customer_email: v.customer_email,
        reference: v.reference,
        language: v.language,
        lines: v.lines.map((l) => ({ label: l.label, quantity: l.quantity, unit_price: l.unit_price! })),
        due_date: v.due_date,
        allow_partial: v.allow_partial,
        ...(v.allow_partial && v.min_part_amount !== undefined ? { min_part_amount: v.min_part_amount } : {}),
        reminder_days: v.reminders.map((r) => reminderDay(r)!).sort((a, b) => a - b),
        memo: v.memo,
      }),
    );
}

/** The total the lines make, in minor units (what the form shows as they are typed); null while one is not a number. */
export function formTotal(lines: InvoiceFormValues["lines"], currency: string): number | null {
  let total = 0;
  for (const line of lines) {
    const quantity = /^\d{1,6}$/.test(line.quantity.trim()) ? Number(line.quantity.trim()) : null;
    const price = parseAmountInput(line.unit_price, currency);
    if (quantity === null || price === null) return null;
    total += quantity * price;
  }
  return total;
}

/** The API's 422 names `lines.0.unit_price`, `reminder_days.1`: the form's own field names. */
export function formFieldOf(apiField: string): string {
  const reminder = /^reminder_days\.(\d+)$/.exec(apiField);
  if (reminder) return `reminders.${reminder[1]}.days`;
  return apiField;
}
