import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { PASSWORD, signUp } from './support/session';

// The apalis job board as an admin uses it: the admin listener (the app's port + 1),
// opened with ADMIN_TOKEN as the basic-auth password, after a mail is sent and a photo
// analysed by the in-process workers.

test.skip(Boolean(process.env.E2E_SKIP_REASON), process.env.E2E_SKIP_REASON ?? '');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const photo = path.resolve(root, '../shared/data/images/food/coco_000000000142.jpg');
const models = path.resolve(root, '.models/yolox-nano.json');
const missing = [!existsSync(photo) && photo, !existsSync(models) && 'the recognition models (make models)'].filter(Boolean);
if (missing.length > 0 && process.env.CI === 'true') throw new Error(`board e2e needs ${missing.join(' and ')}`);
test.skip(missing.length > 0, `board e2e needs ${missing.join(' and ')}`);

/** Every queue of the product (jobs::QUEUES). */
const QUEUES = [
  'probe',
  'send-mail',
  'fetch-usda-food',
  'import-foods',
  'detect-foods',
  'estimate-portions',
  'lookup-nutrition',
  'detect-barcodes',
  'search-barcode',
  'create-food-from-barcode',
  'read-label',
];

test('the job board shows every queue, the analysis under Done, its workers and live logs', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  // A mail is sent (the sign-up's) and a photo is analysed.
  const username = await signUp(request, 'board');
  const login = await request.post('/api/v1/auth/login', { data: { username, password: PASSWORD } });
  const access = ((await login.json()) as { data: { access: string } }).data.access;
  const auth = { Authorization: `Bearer ${access}` };
  const upload = await request.post('/api/v1/images/upload/', {
    headers: auth,
    multipart: { image: { name: 'plate.jpg', mimeType: 'image/jpeg', buffer: readFileSync(photo) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const imageId = ((await upload.json()) as { data: { id: number } }).data.id;
  const analysis = await request.post('/api/v1/images/analyze/', { headers: auth, data: { image_id: imageId } });
  expect(((await analysis.json()) as { data: { status: string } }).data.status).toBe('completed');

  const admin = new URL(baseURL ?? '');
  admin.port = String(Number(admin.port) + 1);
  const context = await browser.newContext({
    baseURL: admin.origin,
    httpCredentials: { username: 'admin', password: process.env.E2E_ADMIN_TOKEN ?? '' },
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const shot = async (name: string) => page.screenshot({ path: testInfo.outputPath(`board-${name}.png`) });

  // Overview: the status reads the log stream, which answers; every queue has a card.
  const stream = page.waitForResponse((r) => r.url().endsWith('/api/v1/events'));
  await page.goto('/');
  expect((await stream).status()).toBe(200);
  await expect(page.getByText('Healthy', { exact: true })).toBeVisible();
  await expect(page.getByText('Unhealthy')).toHaveCount(0);
  for (const queue of QUEUES) {
    await expect(page.locator(`a[href="/queues/${queue}"]`), queue).toBeVisible();
  }
  await expect(page.getByText('Done Jobs')).toBeVisible();
  await shot('overview');

  // Queues: the board's table shows its first row only (README: "The job board").
  await page.getByRole('link', { name: 'Queues', exact: true }).click();
  await expect(page.getByRole('cell', { name: 'probe' })).toBeVisible();
  await shot('queues');

  // Tasks under Done: the analysis's three stages and the mail, by queue (the queue
  // marks a task done a moment after the job's record says so).
  await expect
    .poll(async () => ((await (await context.request.get('/api/v1/tasks?status=Done')).json()) as unknown[]).length)
    .toBeGreaterThanOrEqual(4);
  await page.goto('/tasks/Done');
  for (const queue of ['detect-foods', 'estimate-portions', 'lookup-nutrition', 'send-mail']) {
    // A task's queue is its "ns" badge.
    const row = page.getByRole('row').filter({ hasText: new RegExp(`ns\\s*${queue}\\b`) });
    await expect(row.first(), queue).toContainText('Done');
  }
  await shot('tasks');

  // Workers: one on every queue, in this process.
  await page.goto('/workers');
  for (const queue of QUEUES) {
    await expect(page.getByText(new RegExp(`^${queue}@`)).first(), queue).toBeVisible();
  }
  await shot('workers');

  // Logs: a job started now shows its start and its end, live.
  const logStream = page.waitForResponse((r) => r.url().endsWith('/api/v1/events'));
  await page.goto('/logs');
  expect((await logStream).status()).toBe(200);
  const probe = await context.request.post('/probe', { data: { steps: 1, step_delay_ms: 10 } });
  expect(probe.status()).toBe(200);
  await expect(page.getByText('task.start').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('task.done').first()).toBeVisible({ timeout: 15_000 });
  await shot('logs');
  await context.close();
});
