import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, CLIENT_ERROR_CODES, serverMessage } from '@/lib/api-client';
import { localizedErrorMessage } from '@/lib/error-messages';
import { i18n } from '@/lib/i18n';
import enErrors from '@/locales/en/errors.json';
import zhErrors from '@/locales/zh/errors.json';

const ROOT = path.resolve(__dirname, '../../..');
const CRATES = ['api', 'models', 'jobs', 'worker', 'search'];

function rustFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'tests' ? [] : rustFiles(full);
    return entry.name.endsWith('.rs') ? [full] : [];
  });
}

// Where the server names an error code: the table of models/src/error_code.rs
// (`Variant => "CODE", status, …`), and any literal left in a built envelope or a
// hand-made ApiError (StatusCode::X, "CODE"; with_code("CODE"); code: "CODE").
const CODE = '"([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)"';
const PATTERNS = [
  new RegExp(`=>\\s*${CODE},\\s*\\d{3},`, 'g'),
  new RegExp(`StatusCode::[A-Z_]+,\\s*${CODE}`, 'g'),
  new RegExp(`ApiError::new\\(\\s*[^,()]+(?:\\(\\))?,\\s*${CODE}`, 'g'),
  new RegExp(`(?:with_code|unavailable|permanent)\\(\\s*${CODE}`, 'g'),
  new RegExp(`\\bcode:\\s*[^;\\n]*?${CODE}`, 'g'),
  new RegExp(`"code":\\s*${CODE}`, 'g'),
];

function serverCodes(): Map<string, string> {
  const found = new Map<string, string>();
  for (const crate of CRATES) {
    for (const file of rustFiles(path.join(ROOT, crate, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of PATTERNS) {
        for (const match of text.matchAll(pattern)) {
          for (const code of match.slice(1)) {
            if (code && !found.has(code)) found.set(code, path.relative(ROOT, file));
          }
        }
      }
    }
  }
  return found;
}

describe('error messages', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  const codes = serverCodes();

  it('finds the codes the server sends', () => {
    // A pattern that stopped matching would make the check below pass on nothing.
    for (const code of ['VALIDATION_ERROR', 'INVALID_CREDENTIALS', 'TOKEN_EXPIRED', 'FOOD_NOT_FOUND', 'IMAGE_PROCESSING_FAILED', 'JOB_FAILED', 'CANCELLED']) {
      expect(codes.has(code), code).toBe(true);
    }
    expect(codes.has('DATABASE_URL')).toBe(false);
  });

  it('have an English and a Chinese message for every server and client code', () => {
    const wanted = [...codes.keys(), ...Object.values(CLIENT_ERROR_CODES)];
    const missing = wanted.flatMap((code) => {
      const where = codes.get(code) ?? 'web client';
      return [
        ...(Object.hasOwn(enErrors.codes, code) ? [] : [`${code} (${where}): no English message in locales/en/errors.json`]),
        ...(Object.hasOwn(zhErrors.codes, code) ? [] : [`${code} (${where}): no Chinese message in locales/zh/errors.json`]),
      ];
    });
    expect(missing).toEqual([]);
  });

  it('shows no English in the Chinese messages', () => {
    const allowed = /\b(USDA|JPEG|PNG|WebP|MB)\b/g;
    const english = Object.entries(zhErrors.codes).filter(([, text]) => /[A-Za-z]{2,}/.test(text.replace(allowed, '')));
    expect(english).toEqual([]);
  });

  it('shows the server text in English and the code’s message in Chinese', async () => {
    const refused = new ApiError('Food not found', {
      status: 404,
      code: 'FOOD_NOT_FOUND',
      body: { success: false, error: { message: 'Food 12 not found', code: 'FOOD_NOT_FOUND' } },
    });
    expect(serverMessage(refused)).toBe('Food 12 not found');
    await i18n.changeLanguage('zh');
    expect(serverMessage(refused)).toBe('找不到该食物');
    expect(localizedErrorMessage('SOMETHING_NEW', 'Brand new failure')).toBe('Brand new failure');
    expect(localizedErrorMessage('RATE_LIMITED', undefined)).toBe('尝试次数过多，请稍后再试');
    expect(localizedErrorMessage('RATE_LIMITED', undefined, 'en')).toBe('Too many attempts; please try again later');
  });
});
