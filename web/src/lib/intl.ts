/**
 * Number and date formatters, made once per locale and options: making one costs far
 * more than formatting with it (each a lookup of the locale's data), and the day's
 * totals, its meal sections and the basket bar format numbers on every render.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(locale: string, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits });
    numberFormats.set(key, format);
  }
  return format;
}

/** At most so many significant digits: 2 writes 0.0375 as "0.038". */
export function significantFormat(locale: string, maximumSignificantDigits: number): Intl.NumberFormat {
  const key = `${locale}|${maximumSignificantDigits}sig`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumSignificantDigits });
    numberFormats.set(key, format);
  }
  return format;
}

/** "86%" in the locale's way of writing a share (0..1). */
export function percentFormat(locale: string): Intl.NumberFormat {
  const key = `${locale}|%`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    numberFormats.set(key, format);
  }
  return format;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}
