import { z } from "zod";

// One environment variable: what it accepts (a zod schema over its text, checked once at start by
// checkConfig()), how the code reads it (exactly as each reader did before there was one module, so
// a value that checkConfig() would refuse is still read the old way in tests that set it), and
// what the README says about it.

export type Raw = string | undefined;

export type Field<T> = {
  /** what an operator may set; unset is always accepted */
  accepts: z.ZodType<unknown, string>;
  /** the value the code uses, read from the text on each access (tests change process.env) */
  read: (raw: Raw) => T;
  /** README: the default as a person reads it ("unset", "`600`", "on") */
  default: string;
  /** README: what it accepts, in words; also the error message of checkConfig() */
  expects: string;
  /** README: what it does, one line */
  description: string;
};

export function field<T>(definition: Field<T>): Field<T> {
  return definition;
}

/** A number as JavaScript's Number() reads it, that `ok` takes. */
export function numberText(ok: (value: number) => boolean): z.ZodType<unknown, string> {
  return z.string().refine((raw) => Number.isFinite(Number(raw)) && ok(Number(raw)));
}

/** Number(raw), or `fallback` when that is not a finite number that `ok` takes. */
export function numberOr(raw: Raw, fallback: number, ok: (value: number) => boolean): number {
  const value = Number(raw);
  return Number.isFinite(value) && ok(value) ? value : fallback;
}

/** One of the words, compared after `normalize` (the reader's own trimming and case folding). */
export function oneOf(words: readonly string[], normalize: (raw: string) => string = (raw) => raw): z.ZodType<unknown, string> {
  return z.string().refine((raw) => words.includes(normalize(raw)));
}

export const lower = (raw: string) => raw.trim().toLowerCase();

/** A URL whose scheme matches `protocol`; the empty text counts as unset. */
export function urlText(protocol: RegExp): z.ZodType<unknown, string> {
  return z.union([z.literal(""), z.url({ protocol })]);
}

/** Any text: a name, a secret, an address. */
export const anyText: z.ZodType<unknown, string> = z.string();

/** The URL without trailing slashes, or `fallback` when unset or empty. */
export function baseUrl(raw: Raw, fallback: string): string {
  return (raw || fallback).replace(/\/+$/, "");
}
