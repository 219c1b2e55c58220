import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import type { Dictionary } from "@/lib/i18n";
import { issueMessage, type MessageOverrides } from "./messages";

/**
 * A react-hook-form resolver for one of the API's zod schemas, with messages in the merchant's
 * language (zodResolver would show zod's English). The form gets the schema's output on submit.
 */
export function localizedZodResolver<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  t: Dictionary,
  overrides: MessageOverrides = {},
): Resolver<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values, { reportInput: true });
    if (result.success) return { values: result.data as z.output<S> & FieldValues, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join(".");
      errors[path] ??= { type: issue.code, message: issueMessage(issue, t, overrides) };
    }
    return { values: {}, errors: toNestErrors(errors, options) as FieldErrors<z.input<S> & FieldValues> };
  };
}
