// Draws the app's icons (web/public/icons/*.png) from one SVG with Chromium, so the
// PNGs stay in step with the mark in the navigation. Run after changing the drawing:
//   node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const GREEN = '#1b8154';

/** The leaf of the navigation's brand mark on a green square; `inset` is the share of
 *  each side left empty around the leaf (maskable icons keep it inside the safe zone). */
function svg(inset, rounded) {
  const leaf = 1 - 2 * inset;
  const scale = (leaf * 100) / 24;
  // The leaf's box in its 24-unit drawing is centred on (12.5, 11.5): nudge it to the middle.
  const dx = inset * 100 - 0.5 * scale;
  const dy = inset * 100 + 0.5 * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="${rounded ? 22 : 0}" fill="${GREEN}"/>
  <g transform="translate(${dx} ${dy}) scale(${scale})">
    <path d="M5 19c0-8 5-14 15-15-1 10-7 15-15 15Z" fill="#fff"/>
    <path d="M5 19 14 10" stroke="${GREEN}" stroke-width="1.6" stroke-linecap="round"/>
  </g>
</svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, svg: svg(0.12, true) },
  { file: 'icon-512.png', size: 512, svg: svg(0.12, true) },
  // Maskable: the platform crops to its own shape, keeping the centre 80 %.
  { file: 'icon-maskable-512.png', size: 512, svg: svg(0.2, false) },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, svg: svg(0.14, false) },
];

mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'icon.svg'), svg(0.12, true));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:100vw;height:100vh}</style>${icon.svg}`,
    );
    await page.screenshot({ path: path.join(out, icon.file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`icons written to ${out}`);
