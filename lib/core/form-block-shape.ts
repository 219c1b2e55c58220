import { z } from "zod";

// One field of a marketplace's checkout form, as stored (marketplaces.form_blocks) and as the API
// shows it. Depends on zod only: lib/db/schema.ts, the checkout and the dashboard import it.

export const blockTypes = ["text", "textarea", "email", "phone", "number", "date", "select", "checkbox"] as const;
export type BlockType = (typeof blockTypes)[number];

export const formBlock = z
  .object({
    fieldName: z.string(),
    fieldType: z.enum(blockTypes),
    required: z.boolean(),
    fieldLabel: z.string(),
    fieldDescription: z.string(),
    fieldOptions: z.array(z.object({ name: z.string(), value: z.string() })),
  })
  .meta({ id: "FormBlock" });
export type FormBlock = z.output<typeof formBlock>;
