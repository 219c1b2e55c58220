type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** `value` from the OpenAPI document `doc` with every $ref replaced by what it points at (the schemas are acyclic). */
export function inlineRefs(doc: Json, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => inlineRefs(doc, item));
  if (!value || typeof value !== "object") return value;
  const { $ref, ...rest } = value as Json;
  if (typeof $ref === "string") {
    const target = $ref.replace(/^#\//, "").split("/").reduce<Json>((node, part) => node[part], doc);
    return inlineRefs(doc, { ...target, ...rest });
  }
  return Object.fromEntries(Object.entries(rest).map(([key, item]) => [key, inlineRefs(doc, item)]));
}
