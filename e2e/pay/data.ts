// Data the checkout's end-to-end specs, its vitest tests (test/checkout/pay.test.ts) and `npm run
// bench:checkout` share: every form-block type, a buyer's answers in the three forms they take (typed
// into the page, posted, listed by the API), and a small real PNG logo (uploads are checked by their
// bytes, so it must be a true image).
import zlib from "node:zlib";
import type { Page, Route } from "@playwright/test";

export const EVERY_BLOCK = {
  blocks: [
    { type: "text", label: "Taille (EU)", required: true, description: "Par exemple 38 ou M" },
    { type: "textarea", label: "Adresse de livraison", required: false, description: "Quartier, rue, repère" },
    { type: "email", label: "E-mail du destinataire", required: false },
    { type: "phone", label: "Téléphone du destinataire", required: false },
    { type: "number", label: "Pointure", required: true },
    { type: "date", label: "Date de livraison", required: false },
    { type: "select", label: "Couleur", required: true, options: ["Rouge", "Bleu", "Vert"] },
    { type: "checkbox", label: "J'accepte les conditions de vente", required: true, description: "Échange possible sous 7 jours" },
  ],
};

/** Answers by field name; a ticked checkbox is "true", as the API lists it. */
export type Answers = Record<string, string>;

/** What a buyer answers to EVERY_BLOCK. */
export const EVERY_ANSWER_BY_NAME: Answers = {
  taille_eu: "M",
  adresse_de_livraison: "Bonamoussadi, près de la pharmacie",
  e_mail_du_destinataire: "fatou@example.com",
  telephone_du_destinataire: "+237 6 99 11 22 33",
  pointure: "39",
  date_de_livraison: "2026-12-24",
  couleur: "Bleu",
  j_accepte_les_conditions_de_vente: "true",
};

/** Answers as the API shows them (a transaction's additional_info). */
export const answerList = (answers: Answers) => Object.entries(answers).map(([fieldName, value]) => ({ fieldName, value }));

export const EVERY_ANSWER = answerList(EVERY_ANSWER_BY_NAME);

/** Answers as the checkout form posts them (a ticked checkbox sends "on"). */
export const answerFields = (answers: Answers) =>
  Object.fromEntries(Object.entries(answers).map(([name, value]) => [`answers[${name}]`, value === "true" ? "on" : value]));

/** The buyer every checkout spec plays. */
export const BUYER = { full_name: "Awa Ndiaye", email: "awa@example.com" };

/** A checkout page's control for the answer `name`, and what kind of control it is. */
async function answerControl(page: Page, name: string) {
  const control = page.locator(`#a-${name}`);
  const kind = await control.evaluate((el) =>
    el instanceof HTMLSelectElement ? "select" : el instanceof HTMLInputElement && el.type === "checkbox" ? "checkbox" : "text",
  );
  return { control, kind };
}

/** The buyer's name, e-mail and `answers` typed into a marketplace checkout page. */
export async function fillBuyer(page: Page, answers: Answers): Promise<void> {
  await page.fill("#full_name", BUYER.full_name);
  await page.fill("#email", BUYER.email);
  for (const [name, value] of Object.entries(answers)) {
    const { control, kind } = await answerControl(page, name);
    if (kind === "select") await control.selectOption(value);
    else if (kind === "checkbox") await control.setChecked(value === "true");
    else await control.fill(value);
  }
}

/** What a checkout page shows: the buyer's name and e-mail, and the answers named in `answers`. */
export async function shownAnswers(page: Page, answers: Answers): Promise<Answers> {
  const shown: Answers = { full_name: await page.locator("#full_name").inputValue(), email: await page.locator("#email").inputValue() };
  for (const name of Object.keys(answers)) {
    const { control, kind } = await answerControl(page, name);
    shown[name] = kind === "checkbox" ? String(await control.isChecked()) : await control.inputValue();
  }
  return shown;
}

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A round logo: a disc of `rgb` with a lighter ring, on transparency (RGBA PNG, `size` px square). */
export function logoPng(size = 96, rgb: [number, number, number] = [124, 58, 237]): Buffer {
  const rows: Buffer[] = [];
  const r = size / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - r, y + 0.5 - r);
      const alpha = Math.max(0, Math.min(1, r - d)); // anti-aliased edge
      const ring = d > r * 0.55 && d < r * 0.7;
      const [cr, cg, cb] = ring ? rgb.map((v) => Math.round(v + (255 - v) * 0.6)) : rgb;
      row.set([cr!, cg!, cb!, Math.round(alpha * 255)], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * Holds the page's requests to `url` until the returned function is called. The waiting page moves
 * on by itself once its attempt ends (its script's status poll, or without a script its meta
 * refresh), and a page navigating under a full-page screenshot hung the screenshot: hold them while
 * the shot is taken, then let them go on as they were.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    await released;
    await route.continue().catch(() => undefined); // the page may have closed meanwhile
  };
  await page.route(url, handler);
  return async () => {
    release();
    await page.unroute(url, handler);
  };
}

/** The waiting page's status poll (lib/checkout/assets/checkout.js). */
export const STATUS_POLL = /\/api\/checkout\/status\//;
