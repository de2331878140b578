// The JavaScript a first visit of the search page loads before it can render: index.html's
// module script, the chunks it preloads and the search page with its English words,
// gzip-compressed as the server sends them.
//   node scripts/first-load.mjs [DIST_DIR]   (default web/dist; exits 1 over the budget)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'));
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((match) => match[1]);
// And what index.html's first-page script preloads for a visit of the search page (/) in
// English: the page's code and the words of the layout and the page (vite.config.ts).
const firstPage = /<script async src="\/(assets\/first-page-[\w-]+\.js)"/.exec(html);
const manifest = firstPage && /\}\)\((\{.*\})\);\s*$/.exec(readFileSync(path.join(dist, firstPage[1]), 'utf8'));
if (firstPage && manifest) {
  files.push(`/${firstPage[1]}`);
  const { pages, layout, words } = JSON.parse(manifest[1]);
  const search = pages[''];
  const namespaces = new Set([...layout, ...search.words]);
  files.push(...search.code, ...[...namespaces].map((namespace) => words.en[namespace]));
}

let total = 0;
for (const file of files) {
  const bytes = readFileSync(path.join(dist, file));
  const gzip = gzipSync(bytes, { level: 9 }).length;
  total += gzip;
  console.log(`${file.padEnd(40)} ${(bytes.length / 1024).toFixed(1).padStart(7)} KB  gzip ${(gzip / 1024).toFixed(1).padStart(6)} KB`);
}
console.log(`first-load JS: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
process.exit(total / 1024 <= BUDGET_KB ? 0 : 1);
