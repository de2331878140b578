import type { Barcode } from '@/features/barcodes/types';

/** The retail formats the camera reads; the names are zxing-wasm's. */
export const CAMERA_FORMATS = ['EAN13', 'EAN8', 'UPCA', 'UPCE'] as const;
export type CameraFormat = (typeof CAMERA_FORMATS)[number];

/** UPC-E's six middle digits to UPC-A's ten (number system and check digit aside). */
function expandUpcE(middle: string): string {
  const [d1, d2, d3, d4, d5, d6] = middle;
  switch (d6) {
    case '0':
    case '1':
    case '2':
      return `${d1}${d2}${d6}0000${d3}${d4}${d5}`;
    case '3':
      return `${d1}${d2}${d3}00000${d4}${d5}`;
    case '4':
      return `${d1}${d2}${d3}${d4}00000${d5}`;
    default:
      return `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  }
}

const DIGITS = { EAN13: 13, EAN8: 8, UPCA: 12, UPCE: 8 } as const satisfies Record<CameraFormat, number>;

/** A UPC-A's twelve digits; `text` is what the reader said. */
function upcA(digits: string, text: string): Barcode {
  return {
    data: `0${digits}`,
    formatted_data: `${digits[0]} ${digits.slice(1, 6)} ${digits.slice(6, 11)} ${digits[11]}`,
    type: 'UPC',
    text,
    is_food: true,
  };
}

/**
 * A camera read as the server would describe it (the Barcode of an uploaded image): the
 * canonical GTIN to look the food up by, the digits as printed, and the type by the
 * server's name. Null for text that is not that format's digits.
 */
export function barcodeFromRead(format: CameraFormat, text: string): Barcode | null {
  if (!new RegExp(`^\\d{${DIGITS[format]}}$`).test(text)) return null;
  const read = { text, is_food: true };
  switch (format) {
    case 'EAN13':
      // A leading 0 makes the same bars as a UPC-A, which the reader then calls EAN-13;
      // the server calls it UPC, and so does this.
      if (text.startsWith('0')) return upcA(text.slice(1), text);
      return { ...read, type: 'EAN13', data: text, formatted_data: `${text[0]} ${text.slice(1, 7)} ${text.slice(7)}` };
    case 'EAN8':
      return { ...read, type: 'EAN8', data: text, formatted_data: `${text.slice(0, 4)} ${text.slice(4)}` };
    case 'UPCA':
      return upcA(text, text);
    case 'UPCE':
      return {
        ...read,
        type: 'UPCE',
        data: `0${text[0]}${expandUpcE(text.slice(1, 7))}${text[7]}`,
        formatted_data: `${text[0]} ${text.slice(1, 7)} ${text[7]}`,
      };
  }
}

/** Whether the last digit of a GTIN is its check digit (weights 3 and 1 from the right). */
export function hasValidCheckDigit(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let at = 0; at < body.length; at += 1) {
    sum += Number(body[body.length - 1 - at]) * (at % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/** Why typed digits are no barcode: not digits, not a barcode's length, or a wrong check digit. */
export type TypedBarcodeProblem = 'notDigits' | 'length' | 'checkDigit';

/**
 * The barcode typed by hand (spaces and dashes as printed are fine): EAN-13, UPC-A (12
 * digits), EAN-8 or UPC-E (8), or a GTIN-14 that is an EAN-13 with a leading 0; described
 * as the camera's read would be. Else why not.
 */
export function barcodeFromTyped(text: string): { barcode: Barcode } | { problem: TypedBarcodeProblem } {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return { problem: 'notDigits' };
  const code = digits.length === 14 && digits.startsWith('0') ? digits.slice(1) : digits;
  if (![8, 12, 13].includes(code.length)) return { problem: 'length' };
  // Eight digits beginning with 0 are read as UPC-E first, as the server reads them: an
  // EAN-8 beginning with 0 is a shop's own number (GS1's RCN-8), never a product's.
  const eight: CameraFormat[] = code.startsWith('0') ? ['UPCE', 'EAN8'] : ['EAN8', 'UPCE'];
  const formats: CameraFormat[] = code.length === 13 ? ['EAN13'] : code.length === 12 ? ['UPCA'] : eight;
  for (const format of formats) {
    const barcode = barcodeFromRead(format, code);
    // UPC-E's check digit is that of the UPC-A it stands for.
    if (barcode && hasValidCheckDigit(format === 'UPCE' ? barcode.data : code)) return { barcode };
  }
  return { problem: 'checkDigit' };
}
