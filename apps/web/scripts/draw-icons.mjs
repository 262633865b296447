#!/usr/bin/env node
/**
 * Draws the installable app's icons into public/: the Kestrel mark (a rising line on the brand blue,
 * as in public/logo.svg) rasterised by Debian's Chromium through playwright-core, so no image library
 * is needed. Run after changing the mark: `node apps/web/scripts/draw-icons.mjs`; the PNGs are committed.
 *
 * - icon-192.png, icon-512.png: rounded tile on a transparent ground (purpose "any");
 * - icon-maskable-512.png: full-bleed blue with the mark inside the central 80 % safe zone, since a
 *   launcher may cut any shape out of it (purpose "maskable");
 * - apple-touch-icon.png: 180 px, full bleed and opaque (iOS rounds the corners itself).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');

const GRADIENT =
  '<defs><linearGradient id="k" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#33c1ff"/><stop offset="1" stop-color="#0088d6"/></linearGradient></defs>';
/** The mark on a 64-unit grid, as in logo.svg: a rising line ending in an arrow head. */
const MARK =
  '<path d="M14 40 L26 28 L34 35 L50 19" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>' +
  '<path d="M41 19 H50 V28" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>';

/** `rounded`: the tile with rounded corners; otherwise full bleed, the mark scaled by `markScale` about the centre. */
function iconSvg(size, { rounded, markScale = 1 }) {
  const offset = 32 * (1 - markScale);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">${GRADIENT}` +
    `<rect width="64" height="64" ${rounded ? 'rx="14"' : ''} fill="url(#k)"/>` +
    `<g transform="translate(${offset} ${offset}) scale(${markScale})">${MARK}</g></svg>`
  );
}

const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true },
  { file: 'icon-512.png', size: 512, rounded: true },
  // The mark spans x 14..50 of 64: at 0.8 it stays inside the maskable safe circle (radius 40 %).
  { file: 'icon-maskable-512.png', size: 512, rounded: false, markScale: 0.8 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, markScale: 0.9 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${iconSvg(icon.size, icon)}</body></html>`,
    );
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    writeFileSync(path.join(publicDirectory, icon.file), png);
    console.log(`${icon.file}: ${icon.size}x${icon.size}, ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
