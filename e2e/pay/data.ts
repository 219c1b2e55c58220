// Data the checkout's end-to-end specs and `npm run bench:checkout` share: every form-block type,
// and a small real PNG logo (uploads are checked by their bytes, so it must be a true image).
import zlib from "node:zlib";

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

/** What a buyer answers to EVERY_BLOCK, by field name, and what the API then shows. */
export const EVERY_ANSWER = [
  { fieldName: "taille_eu", value: "M" },
  { fieldName: "adresse_de_livraison", value: "Bonamoussadi, près de la pharmacie" },
  { fieldName: "e_mail_du_destinataire", value: "fatou@example.com" },
  { fieldName: "telephone_du_destinataire", value: "+237 6 99 11 22 33" },
  { fieldName: "pointure", value: "39" },
  { fieldName: "date_de_livraison", value: "2026-12-24" },
  { fieldName: "couleur", value: "Bleu" },
  { fieldName: "j_accepte_les_conditions_de_vente", value: "true" },
];

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
