'use strict';

// Tiny PNG encoder (node built-ins only) to generate seed artwork offline.
const zlib = require('zlib');

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function encodeRaw(width, height, raw) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** PNG from a pixel callback returning [r, g, b]. */
function encode(width, height, pixel) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[o++] = r;
      raw[o++] = g;
      raw[o++] = b;
    }
  }
  return encodeRaw(width, height, raw);
}

function hsl(h, s, l) {
  const a = s * Math.min(l, 1 - l);
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 100000) / 100000;
  };
}

/** Deterministic abstract artwork: gradient background + a few soft circles. */
function artwork(width, height, seed, { hue } = {}) {
  const rand = rng(seed * 2654435761);
  const baseHue = hue !== undefined ? hue : Math.floor(rand() * 360);
  const circles = Array.from({ length: 3 + Math.floor(rand() * 3) }, () => ({
    x: rand() * width,
    y: rand() * height,
    r: (0.12 + rand() * 0.3) * Math.min(width, height),
    c: hsl((baseHue + 60 + rand() * 180) % 360, 0.7, 0.55),
  }));
  const top = hsl(baseHue, 0.65, 0.35);
  const bottom = hsl((baseHue + 40) % 360, 0.7, 0.6);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0;
    const t = y / (height - 1 || 1);
    const br = top[0] + (bottom[0] - top[0]) * t;
    const bg = top[1] + (bottom[1] - top[1]) * t;
    const bb = top[2] + (bottom[2] - top[2]) * t;
    for (let x = 0; x < width; x++) {
      let r = br;
      let g = bg;
      let b = bb;
      for (const c of circles) {
        const dx = x - c.x;
        const dy = y - c.y;
        const d2 = dx * dx + dy * dy;
        const r2 = c.r * c.r;
        if (d2 < r2) {
          const a = 0.75 * (1 - d2 / r2);
          r = r * (1 - a) + c.c[0] * a;
          g = g * (1 - a) + c.c[1] * a;
          b = b * (1 - a) + c.c[2] * a;
        }
      }
      raw[o++] = r;
      raw[o++] = g;
      raw[o++] = b;
    }
  }
  return encodeRaw(width, height, raw);
}

module.exports = { encode, artwork, crc32 };
