// A tiny HTML builder for the checkout pages. They are route handlers that answer whole documents
// (no React runtime in the browser), so every interpolated value goes through `html` and is
// escaped unless it is already `Html`: the template literal is the only way to make markup.

export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type Child = Html | string | number | null | undefined | false | readonly Child[];

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function render(child: Child): string {
  if (child === null || child === undefined || child === false) return "";
  if (child instanceof Html) return child.value;
  if (Array.isArray(child)) return (child as readonly Child[]).map(render).join("");
  return escapeHtml(String(child));
}

/** `html\`<p>${text}</p>\``: interpolations are escaped; arrays are joined; null, undefined and false vanish. */
export function html(strings: TemplateStringsArray, ...values: Child[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Html(out);
}

/** Boolean and optional attributes: `attrs({ required: true, placeholder: "x", hidden: false })` → ` required placeholder="x"`. */
export function attrs(values: Record<string, string | number | boolean | null | undefined>): Html {
  let out = "";
  for (const [name, value] of Object.entries(values)) {
    if (value === true) out += ` ${name}`;
    else if (value !== false && value !== null && value !== undefined) out += ` ${name}="${escapeHtml(String(value))}"`;
  }
  return new Html(out);
}
