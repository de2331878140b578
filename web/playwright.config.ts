import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The e2e suite runs the built app against the real API binary, which serves
// web/dist and falls back to index.html for client routes.

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const chromium = '/usr/bin/chromium';
const targetDir = process.env.CARGO_TARGET_DIR
  ? path.resolve(process.env.CARGO_TARGET_DIR)
  : path.resolve(webRoot, '../target');
const apiBin = path.resolve(process.env.API_BIN ?? path.join(targetDir, 'debug', 'api'));
// E2E_WEB_DIR and E2E_PORT let two runs share a machine (each its own build and ports).
const webDir = path.resolve(process.env.E2E_WEB_DIR ?? path.join(webRoot, 'dist'));
const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;
// Open Food Facts and USDA, replayed (e2e/replay/off-server.mjs).
const replayPort = port + 10;
const replayOrigin = `http://127.0.0.1:${replayPort}`;

const missing = [
  !existsSync(chromium) && `Chromium at ${chromium} (apt-get install -y chromium fonts-wqy-microhei)`,
  !existsSync(apiBin) && `the API binary at ${apiBin} (cargo build --workspace --bins, or set API_BIN)`,
  !existsSync(path.join(webDir, 'index.html')) && `the built app in ${webDir} (npm run build)`,
].filter((item): item is string => typeof item === 'string');

if (missing.length > 0) {
  const reason = `e2e needs ${missing.join('; ')}`;
  if (process.env.CI === 'true') throw new Error(`${reason}. Under CI=true a missing prerequisite is a failure.`);
  // Read by the specs, which skip with this message (workers inherit the environment).
  process.env.E2E_SKIP_REASON = reason;
  if (!process.env.TEST_WORKER_INDEX) console.warn(`Skipping e2e: ${reason}.`);
}

// A fresh database per run. Set once in the runner; workers inherit it.
if (missing.length === 0 && !process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'calorie-e2e-'));
}
const dataDir = process.env.E2E_DATA_DIR ?? '';
// The admin listener (job board) is open to the specs with this token.
process.env.E2E_ADMIN_TOKEN ??= 'e2e-board-token';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  forbidOnly: process.env.CI === 'true',
  retries: 0,
  workers: 1,
  reporter: process.env.CI === 'true' ? 'line' : 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromium,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  // The replay first: the API looks products up there.
  webServer:
    missing.length > 0
      ? undefined
      : [
          {
            command: `node ${JSON.stringify(path.join(webRoot, 'e2e/replay/off-server.mjs'))} ${replayPort}`,
            url: `${replayOrigin}/api/v2/product/0070097025088.json`,
            reuseExistingServer: false,
            timeout: 10_000,
            stdout: 'pipe',
            stderr: 'pipe',
          },
          {
            command: JSON.stringify(apiBin),
            url: `${baseURL}/api/v1/health`,
            reuseExistingServer: false,
            timeout: 60_000,
            stdout: 'pipe',
            stderr: 'pipe',
            gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
            env: {
              BIND_ADDR: `127.0.0.1:${port}`,
              ADMIN_BIND_ADDR: `127.0.0.1:${port + 1}`,
              DATABASE_URL: `sqlite://${dataDir}/e2e.db`,
              DATA_DIR: dataDir,
              WEB_DIR: webDir,
              // Embedded mode (in-process queue) even where the shell points at Redis.
              REDIS_URL: '',
              // Every spec signs up its own users from this one address.
              REGISTER_LIMIT_PER_HOUR: '1000',
              // ... and logs them in from it, many times in a few minutes.
              LOGIN_LIMIT_PER_5_MIN: '1000',
              // The recognition models and runtime `make models` installs.
              MODELS_DIR: path.resolve(webRoot, '../.models'),
              ORT_DYLIB_PATH: path.resolve(webRoot, '../.ort/libonnxruntime.so.1.31.1'),
              ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN,
              // Warnings, and each job's start and end: what the job board's Logs page streams.
              RUST_LOG: process.env.RUST_LOG ?? 'warn,apalis::layers::tracing=info',
              OFF_BASE_URL: replayOrigin,
              USDA_BASE_URL: `${replayOrigin}/fdc/v1`,
            },
          },
        ],
});
