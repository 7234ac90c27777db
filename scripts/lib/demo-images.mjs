// Generates the demo content's images as real JPEGs (no downloads): painterly gradients
// and soft shapes in varied palettes and sizes. Cached; regenerated when the version changes.
import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { cacheDir } from './binaries.mjs';

const VERSION = 1;

const PALETTES = [
  [
    [28, 36, 58],
    [196, 120, 72],
    [236, 214, 170],
  ], // dusk, ochre, bone
  [
    [18, 52, 48],
    [120, 160, 120],
    [230, 220, 190],
  ], // forest
  [
    [70, 20, 30],
    [180, 60, 60],
    [240, 200, 160],
  ], // theatre red
  [
    [20, 24, 40],
    [80, 90, 150],
    [200, 190, 230],
  ], // night violet
  [
    [60, 50, 30],
    [170, 140, 70],
    [250, 240, 210],
  ], // gilt
  [
    [10, 40, 70],
    [40, 120, 160],
    [220, 235, 240],
  ], // sea
  [
    [50, 30, 60],
    [200, 110, 150],
    [250, 220, 230],
  ], // rose
  [
    [35, 35, 35],
    [130, 120, 110],
    [235, 230, 220],
  ], // graphite
];

/** name → [width, height, palette index] */
const DEMO_IMAGES = {
  hero: [1920, 1080, 0],
  portrait: [900, 1200, 6],
  'course-cover': [1600, 900, 3],
  instructor: [600, 600, 4],
  exhibition: [1600, 900, 1],
  ...Object.fromEntries(
    Array.from({ length: 8 }, (_, i) => [`artwork-${i + 1}`, [i % 2 ? 1400 : 1100, i % 3 ? 1400 : 1000, i % 8]]),
  ),
  ...Object.fromEntries(
    Array.from({ length: 8 * 3 }, (_, i) => [
      `artwork-${Math.floor(i / 3) + 1}-detail-${(i % 3) + 1}`,
      [800, 800, (i + 3) % 8],
    ]),
  ),
  ...Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`print-${i + 1}`, [1200, 1600, (i + 5) % 8]])),
  ...Object.fromEntries(
    Array.from({ length: 8 }, (_, i) => [
      `print-${Math.floor(i / 2) + 1}-detail-${(i % 2) + 1}`,
      [800, 800, (i + 2) % 8],
    ]),
  ),
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`news-${i + 1}`, [1200, 675, (i + 1) % 8]])),
};

function rng(seedText) {
  let h = 2166136261;
  for (const c of seedText) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

const mix = (a, b, t) => a + (b - a) * t;

function paint(name, width, height, paletteIndex) {
  const rand = rng(name);
  const [dark, mid, light] = PALETTES[paletteIndex % PALETTES.length];
  const shapes = Array.from({ length: 5 + Math.floor(rand() * 5) }, () => ({
    x: rand() * width,
    y: rand() * height,
    r: (0.08 + rand() * 0.3) * Math.min(width, height),
    color: rand() > 0.5 ? light : mid,
    alpha: 0.35 + rand() * 0.5,
  }));
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const t = y / height;
    const base =
      t < 0.5
        ? [0, 1, 2].map((k) => mix(dark[k], mid[k], t * 2))
        : [0, 1, 2].map((k) => mix(mid[k], dark[k], (t - 0.5) * 2));
    for (let x = 0; x < width; x++) {
      let r = base[0],
        g = base[1],
        b = base[2];
      for (const s of shapes) {
        const dx = x - s.x,
          dy = y - s.y;
        const d2 = (dx * dx + dy * dy) / (s.r * s.r);
        if (d2 < 1) {
          const a = s.alpha * (1 - d2) * (1 - d2);
          r = mix(r, s.color[0], a);
          g = mix(g, s.color[1], a);
          b = mix(b, s.color[2], a);
        }
      }
      // canvas grain, so the images are not flat
      const grain = (((x * 73856093) ^ (y * 19349663)) & 15) - 8;
      const i = (y * width + x) * 4;
      data[i] = r + grain;
      data[i + 1] = g + grain;
      data[i + 2] = b + grain;
      data[i + 3] = 255;
    }
  }
  return jpeg.encode({ data, width, height }, 82).data;
}

/** Returns a directory holding `<name>.jpg` for every entry of DEMO_IMAGES. */
export function ensureDemoImages() {
  const dir = join(cacheDir, `demo-images-v${VERSION}`);
  const names = Object.keys(DEMO_IMAGES);
  if (existsSync(dir) && readdirSync(dir).length >= names.length) return dir;
  const tmp = `${dir}.tmp-${process.pid}`;
  mkdirSync(tmp, { recursive: true });
  for (const name of names) {
    const [w, h, p] = DEMO_IMAGES[name];
    writeFileSync(join(tmp, `${name}.jpg`), paint(name, w, h, p));
  }
  try {
    renameSync(tmp, dir);
  } catch {
    // another process finished first; its images are identical
  }
  return dir;
}
