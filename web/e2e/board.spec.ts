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
  'normalise-photo',
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
  const answered = (await analysis.json()) as { data: { status: string; result?: string } };
  if (answered.data.status !== 'completed') {
    // Not done within the server's wait (a worker normalises the photo first, and loads its
    // models on the first one): followed by its result, as the app follows it.
    expect(analysis.status()).toBe(202);
    await expect
      .poll(
        async () => {
          const result = await request.get(answered.data.result ?? `/api/v1/images/${imageId}/results/`, {
            headers: auth,
          });
          return ((await result.json()) as { data: { processing_status: string } }).data.processing_status;
        },
        { timeout: 60_000 },
      )
      .toBe('completed');
  }

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

  // Tasks under Done: the photo's normalising, the analysis's three stages and the mail, by queue (the queue
  // marks a task done a moment after the job's record says so).
  await expect
    .poll(async () => ((await (await context.request.get('/api/v1/tasks?status=Done')).json()) as unknown[]).length)
    .toBeGreaterThanOrEqual(5);
  await page.goto('/tasks/Done');
  for (const queue of ['normalise-photo', 'detect-foods', 'estimate-portions', 'lookup-nutrition', 'send-mail']) {
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

test('on a phone the admin listener opens a summary of the board: its counts open exactly their jobs, in English and Chinese', async ({
  browser,
  baseURL,
}, testInfo) => {
  const admin = new URL(baseURL ?? '');
  admin.port = String(Number(admin.port) + 1);
  const phone = await browser.newContext({
    baseURL: admin.origin,
    httpCredentials: { username: 'admin', password: process.env.E2E_ADMIN_TOKEN ?? '' },
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });
  // A job done just now, so the probe queue has one to list.
  const probe = await phone.request.post('/probe', { data: { steps: 1, step_delay_ms: 1 } });
  expect(probe.status()).toBe(200);
  const jobId = ((await probe.json()) as { data: { job_id: string } }).data.job_id;
  await expect
    .poll(async () => ((await (await phone.request.get(`/api/v1/tasks?status=Done&page_size=100`)).json()) as { args: { job_id: string } }[]).some((t) => t.args.job_id === jobId))
    .toBe(true);

  const page = await phone.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/summary$/);
  await expect(page.getByRole('heading', { name: 'Jobs' })).toBeVisible();
  for (const queue of QUEUES) {
    await expect(page.locator(`[data-queue="${queue}"]`), queue).toBeVisible();
  }
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('board-summary-390-en.png'), fullPage: true });

  // One tap on a count opens its jobs: as many as it said.
  const done = page.locator('[data-queue="probe"] [data-count="done"]');
  const count = Number(await done.locator('b').textContent());
  expect(count).toBeGreaterThanOrEqual(1);
  await done.tap();
  await expect(page.getByRole('heading', { name: 'Done · probe' })).toBeVisible();
  await expect(page.locator('[data-job]')).toHaveCount(Math.min(count, 50));
  await expect(page.locator(`[data-job="${jobId}"]`)).toBeVisible();

  // 中文: the same page in Chinese.
  await page.getByRole('link', { name: '中文' }).tap();
  await expect(page.getByRole('heading', { name: '已完成 · probe' })).toBeVisible();
  await page.getByRole('link', { name: '全部队列' }).tap();
  await expect(page.getByRole('heading', { name: '任务' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('board-summary-390-zh.png'), fullPage: true });
  await phone.close();

  // The desktop still gets the board; the summary reads at 1280 px too.
  const desk = await browser.newContext({
    baseURL: admin.origin,
    httpCredentials: { username: 'admin', password: process.env.E2E_ADMIN_TOKEN ?? '' },
    viewport: { width: 1280, height: 800 },
  });
  const deskPage = await desk.newPage();
  await deskPage.goto('/');
  await expect(deskPage).not.toHaveURL(/summary/);
  await deskPage.goto('/summary');
  await expect(deskPage.locator('[data-queue="probe"]')).toBeVisible();
  await deskPage.screenshot({ path: testInfo.outputPath('board-summary-1280.png'), fullPage: true });
  await desk.close();
});
