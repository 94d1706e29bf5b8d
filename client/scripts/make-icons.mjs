#!/usr/bin/env node
// Writes the app icons (public/icons/*.png) as plain PNGs: the lamp of favicon.svg on the
// brand colour. Run once; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const OUT = path.resolve(import.meta.dirname, '..', 'public', 'icons');

function crc32(buf) {
  let c;
  const table = [];
  for (let n = 0; n < 256; n++) {
    c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  let crc = 0xffffffff;
  for (const b of buf) crc = table[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x / size, y / size);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const BRAND = [154, 52, 18, 255];
const GOLD = [251, 191, 36, 255];
const CREAM = [255, 247, 237, 255];

// A flame: a circle with a pointed top, inside a flame; a base bar. Coordinates in 0..1.
function lamp(x, y, scale) {
  const cx = 0.5;
  const u = (x - cx) / scale + 0.5;
  const v = (y - 0.5) / scale + 0.5;
  const inFlame = (r, cy) => {
    const dx = u - 0.5;
    const dy = v - cy;
    if (dy >= 0) return dx * dx + dy * dy <= r * r;
    return Math.abs(dx) <= r * (1 + dy / (r * 2.2)) && dy > -r * 2.2;
  };
  if (v >= 0.72 && v <= 0.8 && u >= 0.25 && u <= 0.75) return GOLD;
  if (inFlame(0.09, 0.53)) return CREAM;
  if (inFlame(0.16, 0.5)) return GOLD;
  return null;
}

fs.mkdirSync(OUT, { recursive: true });
for (const size of [192, 512]) {
  fs.writeFileSync(
    path.join(OUT, `icon-${size}.png`),
    png(size, (x, y) => {
      const r = 0.2;
      const cx = Math.min(Math.max(x, r), 1 - r);
      const cy = Math.min(Math.max(y, r), 1 - r);
      if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return [0, 0, 0, 0];
      return lamp(x, y, 1) ?? BRAND;
    }),
  );
}
fs.writeFileSync(
  path.join(OUT, 'icon-maskable-512.png'),
  png(512, (x, y) => lamp(x, y, 0.75) ?? BRAND),
);
console.log(`icons written to ${OUT}`);
