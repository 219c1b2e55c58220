import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import type { FormBlock } from "@/lib/core/form-block-shape";
import type { ValidationItem } from "@/lib/core/errors";
import { item, valueError } from "@/lib/core/validation";

/** The buyer's answers to a marketplace's form blocks, checked by block type (loc ["body", "answers", name]). */
export function checkAnswers(
  blocks: FormBlock[],
  answers: Record<string, string>,
  buyerCountry?: CountryCode,
): { values: { fieldName: string; value: string }[]; problems: ValidationItem[] } {
  const values: { fieldName: string; value: string }[] = [];
  const problems: ValidationItem[] = [];
  for (const block of blocks) {
    const loc = ["body", "answers", block.fieldName];
    let value = (answers[block.fieldName] ?? "").trim();
    if (block.fieldType === "checkbox") value = value === "on" || value === "true" ? "true" : "false";
    const empty = value === "" || (block.fieldType === "checkbox" && value === "false");
    if (empty) {
      if (block.required) problems.push(item(loc, "missing"));
      values.push({ fieldName: block.fieldName, value });
      continue;
    }
    const problem = checkValue(block, value, buyerCountry);
    if (problem) problems.push(valueError(loc, problem));
    values.push({ fieldName: block.fieldName, value });
  }
  return { values, problems };
}

function checkValue(block: FormBlock, value: string, country?: CountryCode): string | null {
  switch (block.fieldType) {
    case "text":
      return value.length > 200 ? "at most 200 characters" : null;
    case "textarea":
      return value.length > 2000 ? "at most 2000 characters" : null;
    case "email":
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : "not an email address";
    case "phone":
      return parsePhoneNumberFromString(value, country)?.isValid() ? null : "not a phone number";
    case "number":
      return /^-?\d+([.,]\d+)?$/.test(value) ? null : "not a number";
    case "date":
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? null : "not a date";
    case "select":
      return block.fieldOptions.some((o) => o.value === value) ? null : "not one of the options";
    default:
      return null;
  }
}
