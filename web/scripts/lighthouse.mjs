// Lighthouse (mobile profile) on the search page and the dashboard, signed in, with
// Debian's Chromium, and Chromium's own check that the app is installable (Lighthouse 12
// dropped its PWA category).
//
//   node scripts/lighthouse.mjs [BASE_URL]   (RUNS=n runs per page, default 3; PAGES=/,/dashboard)
//
// With a BASE_URL (a running server) it audits that; without one it starts the release
// API binary ($API_BIN, else $CARGO_TARGET_DIR/release/api) on a free port with an empty
// database, serving web/dist. Scores vary from run to run with the machine's load, so each
// page is audited RUNS times and the run with the median performance score is reported
// (Lighthouse's own advice). Reports go to target/lighthouse/. Exits 1 when a score is
// under 0.95 or the app is not installable.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(web, '..');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const PAGES = process.env.PAGES?.split(',') ?? ['/', '/dashboard'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const THRESHOLD = 0.95;
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base, child) {
  for (let i = 0; i < 120; i += 1) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${base} did not answer /api/v1/health`);
}

async function startServer() {
  const targetDir = path.resolve(process.env.CARGO_TARGET_DIR ?? path.join(repo, 'target'));
  const bin = process.env.API_BIN ?? path.join(targetDir, 'release', 'api');
  const data = mkdtempSync(path.join(tmpdir(), 'calorie-lighthouse-'));
  const [port, adminPort] = [await freePort(), await freePort()];
  const child = spawn(bin, [], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      BIND_ADDR: `127.0.0.1:${port}`,
      ADMIN_BIND_ADDR: `127.0.0.1:${adminPort}`,
      DATABASE_URL: `sqlite://${data}/lighthouse.db`,
      DATA_DIR: data,
      WEB_DIR: process.env.WEB_DIR ?? path.join(web, 'dist'),
      REDIS_URL: '',
      RUST_LOG: 'warn',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child);
  return {
    base,
    stop() {
      child.kill('SIGTERM');
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/** A new account, signed in: what the app keeps in local storage after a login. */
async function signUp(base) {
  const username = `lighthouse_${Date.now()}`;
  const response = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, nickname: 'Lighthouse', password: 'Passw0rd1' }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const { access, refresh, user } = (await response.json()).data;
  return { auth_token: access, refresh_token: refresh, user: JSON.stringify(user), language: 'en' };
}

/**
 * One audit in a fresh browser profile: a first visit of a signed-in person (nothing
 * cached, no service worker yet). The storage is set from a JSON answer of the same
 * origin, so the app itself has not run before Lighthouse loads it.
 */
async function audit(base, pagePath, storage) {
  const profile = mkdtempSync(path.join(tmpdir(), 'calorie-lighthouse-profile-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: false,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      `--remote-debugging-port=${port}`,
    ],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${base}/api/v1/health`);
    await page.evaluate((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, storage);
    const result = await lighthouse(`${base}${pagePath}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      // Keeps the session set above; the profile is new, so nothing else is cached.
      disableStorageReset: true,
    });
    if (!result) throw new Error(`no Lighthouse result for ${pagePath}`);

    // The app as Chromium would install it: manifest, icons, a service worker.
    await page.goto(`${base}${pagePath}`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const { url: manifestUrl, data } = await cdp.send('Page.getAppManifest');
    await cdp.detach();
    return { lhr: result.lhr, report: result.report, installabilityErrors, manifestUrl, manifest: JSON.parse(data ?? '{}') };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Failing audits of a category, for the person who has to fix them. */
function failing(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((item) => item.score !== null && item.score < 0.9 && item.scoreDisplayMode !== 'informative')
    .map((item) => `${item.id} (${item.displayValue ?? item.score})`);
}

const server = process.argv[2] ? { base: process.argv[2].replace(/\/$/, ''), stop() {} } : await startServer();
let ok = true;
try {
  const storage = await signUp(server.base);
  const out = path.join(repo, 'target', 'lighthouse');
  mkdirSync(out, { recursive: true });
  const { version } = (await import('lighthouse/package.json', { with: { type: 'json' } })).default;
  console.log(`Lighthouse ${version}, mobile profile, ${server.base}`);
  for (const pagePath of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await audit(server.base, pagePath, storage));
    runs.sort((a, b) => (a.lhr.categories.performance.score ?? 0) - (b.lhr.categories.performance.score ?? 0));
    const { lhr, report, installabilityErrors, manifestUrl, manifest } = runs[Math.floor((runs.length - 1) / 2)];
    const performanceRuns = runs.map((run) => Math.round((run.lhr.categories.performance.score ?? 0) * 100));
    writeFileSync(path.join(out, `${pagePath === '/' ? 'search' : pagePath.slice(1)}.json`), report);
    const scores = CATEGORIES.map((category) => {
      const score = lhr.categories[category].score ?? 0;
      if (score < THRESHOLD) ok = false;
      return `${category} ${Math.round(score * 100)}`;
    });
    const installable = installabilityErrors.length === 0;
    if (!installable) ok = false;
    console.log(`${pagePath.padEnd(11)} ${scores.join('  ')}  installable ${installable ? 'yes' : 'no'}`);
    console.log(`            performance in ${RUNS} runs: ${performanceRuns.join(', ')} (median shown)`);
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'];
    console.log(`            ${metrics.map((id) => `${id.replace(/-/g, ' ')} ${lhr.audits[id].displayValue}`).join(', ')}`);
    if (!installable) console.log(`            not installable: ${installabilityErrors.map((error) => error.errorId).join(', ')}`);
    else console.log(`            manifest ${manifestUrl}: "${manifest.name}", ${manifest.icons?.length ?? 0} icons, display ${manifest.display}`);
    for (const category of CATEGORIES) {
      const below = failing(lhr, category);
      if (below.length > 0) console.log(`            ${category} to fix: ${below.join(', ')}`);
    }
  }
  console.log(`reports: ${out}`);
} finally {
  server.stop();
}
process.exit(ok ? 0 : 1);
