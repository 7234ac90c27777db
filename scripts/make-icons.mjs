// Generates the PWA's icons (and, with --screenshots URL, the manifest screenshots) as real
// PNGs by rendering SVG/HTML in Chromium. Output is committed under public/; run again only
// when the artwork changes:
//   node scripts/make-icons.mjs
//   node scripts/make-icons.mjs --screenshots http://127.0.0.1:8391   (a running seeded server)
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';

const root = resolve(import.meta.dirname, '..');
const publicDir = resolve(root, 'public');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const INK = '#1d1b18';
const BONE = '#f6f3ee';
const ACCENT = '#b4553f';
const SERIF = `'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', 'DejaVu Serif', Georgia, serif`;

/** The monogram on a square: `inset` is the share of the side kept free around it. */
function iconSvg({ size, rounded, inset }) {
  const r = rounded ? size * 0.18 : 0;
  const s = size * (1 - inset * 2);
  const o = size * inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${r}" fill="${INK}"/>
  <g transform="translate(${o} ${o}) scale(${s / 100})">
    <rect x="14" y="14" width="72" height="72" fill="none" stroke="${BONE}" stroke-opacity="0.35" stroke-width="1.2"/>
    <text x="50" y="61" text-anchor="middle" font-family="${SERIF}" font-size="34" letter-spacing="1" fill="${BONE}">EV</text>
    <rect x="38" y="70" width="24" height="1.6" fill="${ACCENT}"/>
  </g>
</svg>`;
}

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <title>Atelier</title>
  <rect width="64" height="64" rx="12" fill="${INK}"/>
  <text x="32" y="41" text-anchor="middle" font-family="${SERIF}" font-size="26" fill="${BONE}">EV</text>
  <rect x="22" y="47" width="20" height="2" fill="${ACCENT}"/>
</svg>
`;

const PLACEHOLDER = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 800 1000" role="img" aria-label="Image unavailable">
  <title>Image unavailable</title>
  <rect width="800" height="1000" fill="#ece7de"/>
  <g fill="none" stroke="#b9b1a4" stroke-width="6" stroke-linejoin="round">
    <rect x="300" y="400" width="200" height="160" rx="6"/>
    <path d="M312 540l56-64 44 46 28-30 48 48"/>
  </g>
  <circle cx="450" cy="440" r="14" fill="#b9b1a4"/>
</svg>
`;

const ICONS = [
  { file: 'icons/icon-192.png', size: 192, rounded: false, inset: 0.1 },
  { file: 'icons/icon-512.png', size: 512, rounded: false, inset: 0.1 },
  // Maskable: the monogram stays inside the 80% safe zone whatever mask the launcher applies.
  { file: 'icons/icon-maskable-512.png', size: 512, rounded: false, inset: 0.2 },
  { file: 'icons/apple-touch-icon.png', size: 180, rounded: false, inset: 0.12 },
];

async function renderIcons(browser) {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(`<html><body style="margin:0">${iconSvg(icon)}</body></html>`);
    const png = await page.locator('svg').screenshot({ omitBackground: false });
    writeFileSync(resolve(publicDir, icon.file), png);
    console.log(`wrote public/${icon.file}`);
  }
  await page.close();
}

async function renderScreenshots(browser, base) {
  const shots = [
    { file: 'screenshots/home-wide.png', width: 1280, height: 800 },
    { file: 'screenshots/home-narrow.png', width: 412, height: 915 },
  ];
  for (const shot of shots) {
    const page = await browser.newPage({ viewport: { width: shot.width, height: shot.height }, deviceScaleFactor: 1 });
    await page.goto(base, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    // No transient UI (the "ready to work offline" toast) in store screenshots.
    await page.addStyleTag({ content: 'ol[aria-label="Notifications"]{display:none!important}' });
    await page.screenshot({ path: resolve(publicDir, shot.file) });
    await page.close();
    console.log(`wrote public/${shot.file}`);
  }
}

mkdirSync(resolve(publicDir, 'icons'), { recursive: true });
mkdirSync(resolve(publicDir, 'screenshots'), { recursive: true });
writeFileSync(resolve(publicDir, 'favicon.svg'), FAVICON);
writeFileSync(resolve(publicDir, 'placeholder.svg'), PLACEHOLDER);

const browser = await chromium.launch({ executablePath });
try {
  await renderIcons(browser);
  const i = process.argv.indexOf('--screenshots');
  if (i !== -1) await renderScreenshots(browser, process.argv[i + 1] ?? 'http://127.0.0.1:8391');
} finally {
  await browser.close();
}
