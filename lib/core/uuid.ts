// A UUID's shape, 8-4-4-4-12 hex digits, is the one rule where only the shape is checked: a path's
// id, a provider's callback, an emailed token, before a lookup (Postgres reads any such text as a
// uuid). Ids in the API's bodies and params are z.uuid()'s, which also asks for a known version and
// variant; uuidError below says why a text is not one, in pydantic's words.

const HEX_GROUPS = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** The shape in lower case, to build a pattern around it (an emailed token is `{uuid}.{secret}`). */
export const UUID_LOWER_SOURCE = HEX_GROUPS;
/** The shape in either case, for a JSON Schema `pattern` (which takes no flags). */
export const UUID_ANY_CASE_SOURCE = HEX_GROUPS.replaceAll("a-f", "a-fA-F");
/** A whole text of the UUID shape, in either case. */
export const UUID_SHAPE = new RegExp(`^${HEX_GROUPS}$`, "i");

export function isUuid(text: string): boolean {
  return UUID_SHAPE.test(text);
}

// Why a text is not a UUID, in the words pydantic puts in `ctx.error` of `uuid_parsing` (it parses
// with Rust's `uuid` crate, whose messages these are).

const GROUP_STARTS = [0, 9, 14, 19, 24];
const GROUP_LENGTHS = [8, 4, 4, 4, 12];

export function uuidError(text: string): string {
  const [body, offset, simple] = text.startsWith("{") && text.endsWith("}") && text.length > 1
    ? [text.slice(1, -1), 1, false]
    : text.startsWith("urn:uuid:")
      ? [text.slice(9), 9, false]
      : [text, 0, true];
  const hyphens: number[] = [];
  let index = 0;
  for (const character of body) {
    if (character === "-") hyphens.push(index);
    else if (!/^[0-9a-fA-F]$/.test(character))
      return `invalid character: expected an optional prefix of \`urn:uuid:\` followed by [0-9a-fA-F-], found \`${character}\` at ${index + offset + 1}`;
    index += Buffer.byteLength(character);
  }
  if (hyphens.length === 0 && simple) return `invalid length: expected length 32 for simple format, found ${Buffer.byteLength(text)}`;
  if (hyphens.length !== 4) return `invalid group count: expected 5, found ${hyphens.length + 1}`;
  for (let group = 0; group < 4; group++) {
    if (hyphens[group] !== GROUP_STARTS[group + 1]! - 1)
      return `invalid group length in group ${group}: expected ${GROUP_LENGTHS[group]}, found ${hyphens[group]! - (group ? hyphens[group - 1]! + 1 : 0)}`;
  }
  if (body.length !== 36) return `invalid group length in group 4: expected 12, found ${body.length - 24}`;
  // well formed, yet not a UUID zod accepts (an unknown version or variant)
  return "invalid UUID version or variant";
}
