import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

// Open Food Facts and USDA FoodData Central as the browser tests see them: the API under
// test reaches this server through OFF_BASE_URL and USDA_BASE_URL (playwright.config.ts),
// so the tests need no internet and always get the same product. No dependencies: the
// config starts it with plain node.

const HOST = '127.0.0.1';
const PORT = Number(process.argv[2] ?? 18090);

const peanuts = JSON.parse(readFileSync(new URL('./off-product-0070097025088.json', import.meta.url), 'utf8'));
// The GTIN-13 and the UPC-A as printed both name the one product, as on Open Food Facts.
const products = new Map([
  ['0070097025088', peanuts],
  ['070097025088', peanuts],
]);

// A product whose look-up finds both services down: Open Food Facts and USDA answer 503
// for it, as when they cannot be reached (the e2e of a barcode nobody can look up).
const UNREACHABLE = '4006381333931';

function send(response, status, body) {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${HOST}:${PORT}`);
  if (request.method !== 'GET') return send(response, 405, { status: 0, status_verbose: 'method not allowed' });

  if (url.pathname.includes(UNREACHABLE) || url.search.includes(UNREACHABLE)) {
    return send(response, 503, { status: 0, status_verbose: 'service unavailable' });
  }
  const product = /^\/api\/v2\/product\/(\d+)(?:\.json)?$/.exec(url.pathname);
  if (product) {
    const found = products.get(product[1] ?? '');
    return found ? send(response, 200, found) : send(response, 404, { status: 0, status_verbose: 'product not found' });
  }
  // No USDA food carries these barcodes.
  if (url.pathname === '/fdc/v1/foods/search') return send(response, 200, { foods: [] });
  return send(response, 404, { status: 0, status_verbose: 'not replayed' });
});

// Playwright stops it with SIGTERM, which ends node at once: there is nothing to save.
server.listen(PORT, HOST, () => console.log(`replaying Open Food Facts and USDA on http://${HOST}:${PORT}`));
