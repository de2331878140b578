import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Removes the run's temporary database directory (created in playwright.config.ts). */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && path.dirname(dir) === tmpdir() && path.basename(dir).startsWith('calorie-e2e-')) {
    rmSync(dir, { recursive: true, force: true });
  }
}
