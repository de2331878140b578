import { i18n, toLanguage } from '@/lib/i18n';
import type enErrors from '@/locales/en/errors.json';

/** Every error code with a message of its own in the errors namespace (en and zh). */
export type ErrorCode = keyof (typeof enErrors)['codes'];

export function hasErrorMessage(code: string | undefined, lng?: string): code is ErrorCode {
  return code !== undefined && /^[\w-]+$/.test(code) && i18n.exists(`codes.${code}`, { ns: 'errors', lng });
}

/**
 * What to show for a failed call with this server code and text, in the current language
 * (or `lng`). The server writes its messages in English, and they carry details (which
 * field, how many seconds): in English they are shown as received (SPEC 8). In any other
 * language a known code shows its own translated message, so no English reaches a Chinese
 * page; an unknown code falls back to the server's text, else undefined.
 */
export function localizedErrorMessage(
  code: string | undefined,
  serverText: string | undefined,
  lng: string | undefined = i18n.resolvedLanguage ?? i18n.language,
): string | undefined {
  const language = toLanguage(lng);
  if (language === 'en' && serverText) return serverText;
  if (hasErrorMessage(code, language)) return i18n.t(`codes.${code}`, { ns: 'errors', lng: language });
  return serverText;
}
