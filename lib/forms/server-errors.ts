import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { Dictionary } from "@/lib/i18n";
import { ApiRequestError } from "@/lib/query/api-fetch";
import { errorMessage, fieldErrorMessage, type MessageOverrides } from "./messages";

/**
 * Puts an API error where the merchant looks: 422 items beside their fields (when the form has
 * them), anything else as the form's error. Returns the form-level message, or null.
 */
export function applyServerError<F extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<F>,
  fields: readonly Path<F>[],
  t: Dictionary,
  overrides: MessageOverrides = {},
): string | null {
  if (!(error instanceof ApiRequestError) || error.type !== "VALIDATION") return errorMessage(error, t);
  let unplaced = false;
  for (const [name, item] of Object.entries(error.fieldErrors)) {
    if ((fields as readonly string[]).includes(name)) {
      setError(name as Path<F>, { type: "server", message: fieldErrorMessage(item, t, name, overrides) }, { shouldFocus: true });
    } else unplaced = true;
  }
  return unplaced ? t.errors.validation : null;
}
