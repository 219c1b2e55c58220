// Makes the counter app's icons (« Kola Caisse », public/counter.webmanifest) in public/:
// counter-icon-192.png, counter-icon-512.png (a rounded teal square) and counter-icon-maskable-512.png
// (full bleed, the mark inside the safe zone). Drawn from simple shapes — a phone with a check mark
// and a coin — with pngjs (installed with qrcode), 4×4 samples a pixel for smooth edges.
// Run after changing the drawing: node scripts/make-counter-icons.mjs
import fs from "node:fs";
import path from "node:path";
import { PNG } from "pngjs";

const root = path.join(import.meta.dirname, "..");
const TEAL = [15, 118, 110];
const WHITE = [255, 255, 255];
const AMBER = [245, 158, 11];

/** Signed distance to a rounded rectangle (centre cx, cy; half sizes hw, hh; corner r): < 0 inside. */
function roundedRect(x, y, cx, cy, hw, hh, r) {
  const qx = Math.abs(x - cx) - hw + r;
  const qy = Math.abs(y - cy) - hh + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

function segment(x, y, [ax, ay], [bx, by]) {
  const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay)));
}

/** The colour at (x, y) in unit coordinates, or null (transparent). `s` scales the mark about the centre. */
function colourAt(x, y, { fullBleed, s }) {
  const inside = fullBleed || roundedRect(x, y, 0.5, 0.5, 0.5, 0.5, 0.22) < 0;
  if (!inside) return null;
  // the mark, in its own coordinates
  const u = 0.5 + (x - 0.5) / s;
  const v = 0.5 + (y - 0.5) / s;
  const coin = Math.hypot(u - 0.67, v - 0.7);
  if (coin < 0.1) return AMBER;
  if (coin < 0.135) return WHITE;
  const phone = roundedRect(u, v, 0.47, 0.48, 0.16, 0.29, 0.06);
  if (Math.abs(phone + 0.02) < 0.022) return WHITE;
  const check = Math.min(segment(u, v, [0.39, 0.47], [0.455, 0.54]), segment(u, v, [0.455, 0.54], [0.56, 0.4]));
  if (check < 0.028) return WHITE;
  return TEAL;
}

function draw(size, options) {
  const png = new PNG({ width: size, height: size });
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const colour = colourAt((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size, options);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a++;
        }
      }
      const i = (py * size + px) * 4;
      png.data[i] = a ? Math.round(r / a) : 0;
      png.data[i + 1] = a ? Math.round(g / a) : 0;
      png.data[i + 2] = a ? Math.round(b / a) : 0;
      png.data[i + 3] = Math.round((255 * a) / (n * n));
    }
  }
  return PNG.sync.write(png, { colorType: 6 });
}

const out = (name) => path.join(root, "public", name);
fs.writeFileSync(out("counter-icon-192.png"), draw(192, { fullBleed: false, s: 1 }));
fs.writeFileSync(out("counter-icon-512.png"), draw(512, { fullBleed: false, s: 1 }));
// maskable: the launcher crops to a circle or squircle of at least the middle 80 %: the mark at 80 %
fs.writeFileSync(out("counter-icon-maskable-512.png"), draw(512, { fullBleed: true, s: 0.8 }));
