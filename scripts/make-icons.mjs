// Makes the app's icons in public/ from the one logo (lib/checkout/assets/icon.svg):
// favicon.ico (16/32/48 PNGs), icon.svg, apple-touch-icon.png (180), icon-192.png, icon-512.png and a
// maskable 512 (the logo inside the safe zone). Run after changing the logo: node scripts/make-icons.mjs
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.join(import.meta.dirname, "..");
const svg = fs.readFileSync(path.join(root, "lib/checkout/assets/icon.svg"));
const out = (name) => path.join(root, "public", name);
const png = (size, source = svg) => sharp(source, { density: (72 * size) / 32 }).resize(size, size).png({ compressionLevel: 9 });

fs.copyFileSync(path.join(root, "lib/checkout/assets/icon.svg"), out("icon.svg"));
await png(180).toFile(out("apple-touch-icon.png"));
await png(192).toFile(out("icon-192.png"));
await png(512).toFile(out("icon-512.png"));
// maskable: full-bleed brand colour, the mark at 60% (inside the 80% safe circle)
const maskable = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#0f766e"/><g transform="translate(6.4 6.4) scale(0.6)"><path d="M10 8h3.4v7.2L19.6 8h4.2l-6.6 7.4L24.2 24h-4.3l-5-6.3-1.5 1.6V24H10z" fill="#fff"/></g></svg>`,
);
await png(512, maskable).toFile(out("icon-maskable-512.png"));
// an ICO that holds PNGs (every browser reads it): a 6-byte header, a 16-byte entry per size, the images
const sizes = [16, 32, 48];
const images = await Promise.all(sizes.map((size) => png(size).toBuffer()));
const header = Buffer.alloc(6 + 16 * sizes.length);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(sizes.length, 4);
let offset = header.length;
sizes.forEach((size, i) => {
  const entry = 6 + 16 * i;
  header.writeUInt8(size, entry);
  header.writeUInt8(size, entry + 1);
  header.writeUInt16LE(1, entry + 4); // colour planes
  header.writeUInt16LE(32, entry + 6); // bits per pixel
  header.writeUInt32LE(images[i].length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += images[i].length;
});
fs.writeFileSync(out("favicon.ico"), Buffer.concat([header, ...images]));
