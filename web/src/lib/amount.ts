import AMOUNT_WORDS from '@amount-words';
import type { FoodPortion } from '@/types/food';

// The grammar is the one models/data/amount_cases.json pins down; the server's reader
// (models/src/amount.rs) reads the same cases, and the units and their spellings are the
// server's own list (models/data/amount_words.json), so an amount the basket sends means
// the same grams on both sides.

/** The most one amount may weigh, as a meal line allows. */
export const MAX_AMOUNT_GRAMS = 10_000;

export type AmountError =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'too_much' }
  /** `units`: the food's own units (its portions' names), for the message. */
  | { kind: 'unknown_unit'; unit: string; units: string[] }
  /** A volume, for a food that is not a drink and whose density no portion gives. */
  | { kind: 'no_density'; unit: string; units: string[] };

export type AmountReading =
  | {
      ok: true;
      grams: number;
      /** The unit as one name for all its spellings ("碗" and "bowls" are "bowl"); null for plain grams. */
      unit: string | null;
      /** How many of the unit. */
      count: number;
      /** The unit as typed, e.g. "slices" or "碗". */
      unitText: string;
      /** A volume of a drink that no portion gives a density for, weighed as water (1 g a ml): say so. */
      countedAsWater: boolean;
    }
  | { ok: false; error: AmountError };

const MASS_UNITS: Record<string, { id: string; grams: number }> = {};
for (const { unit, grams, names } of AMOUNT_WORDS.mass) {
  for (const name of names) MASS_UNITS[name] = { id: unit, grams };
}

/** Spellings of one unit, each to the unit's one name. */
const SYNONYMS: Record<string, string> = AMOUNT_WORDS.synonyms;

/** Millilitres in one of a volume unit (as `unitKey` names it): US measures, as USDA's portions use them. */
const VOLUME_UNITS: Record<string, number> = {};
for (const { ml, names } of AMOUNT_WORDS.volume) {
  for (const name of names) VOLUME_UNITS[name] = ml;
}

const WORD_NUMBERS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, half: 0.5,
};
const VULGAR_FRACTIONS: Record<string, number> = { '½': 0.5, '¼': 0.25, '¾': 0.75, '⅓': 1 / 3, '⅔': 2 / 3 };
const CHINESE_DIGITS: Record<string, number> = {
  一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9,
};

type LeadingNumber = { value: number; rest: string };

/** Full-width digits, point, slash and spaces as their ASCII forms. */
function toHalfWidth(text: string): string {
  return text
    .replace(/[０-９．／]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ');
}

function readChineseNumber(text: string): LeadingNumber | null {
  const match = /^(?:([一二两三四五六七八九]?)十([一二两三四五六七八九]?)|([一二两三四五六七八九]))/.exec(text);
  if (!match) return null;
  const [all, tens, ones, single] = match;
  const digit = (char: string | undefined) => (char ? (CHINESE_DIGITS[char] ?? 0) : 0);
  const value = single ? digit(single) : (tens ? digit(tens) : 1) * 10 + digit(ones);
  const rest = text.slice(all.length);
  // With nothing after it, a closing 两 is the unit (50 g), not the number 2: "两", "二两", "十两".
  if (rest.trim() === '' && all.endsWith('两')) {
    if (all.length === 1) return null;
    const number = readChineseNumber(all.slice(0, -1));
    return number && number.rest === '' ? { value: number.value, rest: '两' } : null;
  }
  return { value, rest };
}

/** The count an amount (or a portion's name) starts with, and what follows it; null when none. */
function readLeadingNumber(text: string): LeadingNumber | null {
  const mixed = /^(\d+)\s+(\d+)\s*\/\s*(\d+)/.exec(text);
  if (mixed) return { value: Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]), rest: text.slice(mixed[0].length) };
  const fraction = /^(\d+)\s*\/\s*(\d+)/.exec(text);
  if (fraction) return { value: Number(fraction[1]) / Number(fraction[2]), rest: text.slice(fraction[0].length) };
  const decimal = /^(\d+(?:\.\d+)?|\.\d+)\s*([½¼¾⅓⅔])?/.exec(text);
  if (decimal) {
    const part = decimal[2] ? (VULGAR_FRACTIONS[decimal[2]] ?? 0) : 0;
    return { value: Number(decimal[1]) + part, rest: text.slice(decimal[0].length) };
  }
  const vulgar = VULGAR_FRACTIONS[text.charAt(0)];
  if (vulgar !== undefined) return { value: vulgar, rest: text.slice(1) };
  const halfA = /^half\s+an?(?:\s+|$)/i.exec(text);
  if (halfA) return { value: 0.5, rest: text.slice(halfA[0].length) };
  const word = /^([a-z]+)(?:\s+|$)/i.exec(text);
  const wordValue = word ? WORD_NUMBERS[word[1]?.toLowerCase() ?? ''] : undefined;
  if (word && wordValue !== undefined) return { value: wordValue, rest: text.slice(word[0].length) };
  if (text.startsWith('半')) return { value: 0.5, rest: text.slice(1) };
  return readChineseNumber(text);
}

/** An English word in the singular: slices → slice, boxes → box, berries → berry. */
function singular(word: string): string {
  if (!/^[a-z]+$/.test(word) || word.length < 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(s|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/(ss|us|is)$/.test(word)) return word;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** A unit as one comparable name: lowercased, brackets gone, words singular, synonyms joined. */
function unitKey(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/\([^)]*\)|（[^）]*）/g, ' ')
    .replace(/\s*,\s*/g, ', ')
    .trim()
    .split(/\s+/)
    .map((word) => {
      const comma = word.endsWith(',') ? ',' : '';
      return singular(comma ? word.slice(0, -1) : word) + comma;
    })
    .join(' ');
  return SYNONYMS[words] ?? words;
}

/** A portion's name read as a count of a unit: "1/2 cup" is half of "cup". */
type PortionUnit = { portion: FoodPortion; key: string; count: number; name: string };

function portionUnits(portions: readonly FoodPortion[]): PortionUnit[] {
  const units: PortionUnit[] = [];
  for (const portion of portions) {
    for (const name of [portion.name, portion.name_zh]) {
      if (!name?.trim()) continue;
      const text = toHalfWidth(name.trim());
      const leading = readLeadingNumber(text);
      const count = leading && leading.value > 0 ? leading.value : 1;
      const unitText = (leading ? leading.rest : text).trim();
      const key = unitKey(unitText);
      if (key !== '') units.push({ portion, key, count, name: unitText.replace(/\([^)]*\)|（[^）]*）/g, '').trim() });
    }
  }
  return units;
}

/** The units a food's portions answer to, as written there: "slice", "片". */
export function foodUnits(portions: readonly FoodPortion[]): string[] {
  return [...new Set(portionUnits(portions).map((unit) => unit.name))];
}

/** The grams of one unit of the portions; an exact name beats "cup" for "cup, sliced", a count of 1 beats others. */
function gramsPerUnit(key: string, portions: readonly FoodPortion[]): number | null {
  let best: { unit: PortionUnit; rank: number } | null = null;
  for (const unit of portionUnits(portions)) {
    const exact = unit.key === key;
    if (!exact && unit.key.split(',')[0]?.trim() !== key) continue;
    const rank = (exact ? 0 : 2) + (unit.count === 1 ? 0 : 1);
    if (best === null || rank < best.rank) best = { unit, rank };
  }
  return best ? best.unit.portion.grams / best.unit.count : null;
}

/** The millilitres a portion's name states: in brackets ("1 glass (250 ml)"), else as its unit ("1 cup", "1/2 cup", "1 cup, sliced"). */
function portionVolume(name: string): number | null {
  const volume = (text: string): number | null => {
    const leading = readLeadingNumber(toHalfWidth(text.trim()));
    const key = leading ? unitKey(leading.rest.trim()) : '';
    // "1 cup, sliced" is a cup too.
    const ml = VOLUME_UNITS[key] ?? VOLUME_UNITS[key.split(',')[0]?.trim() ?? ''];
    return leading && ml !== undefined ? leading.value * ml : null;
  };
  const bracketed = [...name.matchAll(/[(（]([^)）]*)/g)].map((match) => volume(match[1] ?? '')).find((ml) => ml !== null);
  const ml = bracketed ?? volume(name.replace(/\([^)]*\)|（[^）]*）/g, ' '));
  return ml !== null && ml > 0 ? ml : null;
}

/** Grams per millilitre, from a portion that names a volume: one of exactly `ml` (the "250 ml" chip's own), else the first. */
function density(portions: readonly FoodPortion[], ml: number): number | null {
  const volumes = portions.flatMap((portion) => {
    const names = [portion.name, portion.name_zh].filter((name): name is string => !!name);
    const volume = names.map(portionVolume).find((found) => found !== null);
    return volume === undefined || volume === null ? [] : [{ volume, grams: portion.grams }];
  });
  const chosen = volumes.find((v) => Math.abs(v.volume - ml) < 0.05) ?? volumes[0];
  return chosen ? chosen.grams / chosen.volume : null;
}

/**
 * Reads an amount such as "2 slices", "1.5碗", "半斤", "250 ml" or "150" (grams) against a
 * food's portions; a volume of a drink (`isDrink`) with no density is counted as water.
 */
export function readAmount(input: string, portions: readonly FoodPortion[], isDrink: boolean): AmountReading {
  const text = toHalfWidth(input).trim();
  if (text === '') return { ok: false, error: { kind: 'empty' } };
  const leading = readLeadingNumber(text);
  let count = leading ? leading.value : 1;
  let unitText = (leading ? leading.rest : text).trim();
  // "一碗半", "1斤半": a half after the unit.
  if (unitText.length > 1 && unitText.endsWith('半')) {
    count += 0.5;
    unitText = unitText.slice(0, -1).trim();
  }
  if (!Number.isFinite(count) || count <= 0) return { ok: false, error: { kind: 'invalid' } };

  let exact: number;
  let unit: string | null;
  let countedAsWater = false;
  if (unitText === '') {
    exact = count;
    unit = null;
  } else if (!/^[\p{L}]/u.test(unitText)) {
    return { ok: false, error: { kind: 'invalid' } };
  } else {
    const lower = unitText.toLowerCase();
    const mass = MASS_UNITS[lower];
    const key = unitKey(unitText);
    // A portion named as typed wins over a volume: "1 cup" of oats is its cup portion.
    const portion = mass ? null : gramsPerUnit(key, portions);
    const mlEach = VOLUME_UNITS[key];
    if (mass) {
      exact = count * mass.grams;
      unit = mass.id === 'g' ? null : mass.id;
    } else if (portion !== null) {
      exact = count * portion;
      unit = key;
    } else if (mlEach !== undefined) {
      const ml = count * mlEach;
      const gramsPerMl = density(portions, ml);
      if (gramsPerMl === null && !isDrink) {
        return { ok: false, error: { kind: 'no_density', unit: unitText, units: foodUnits(portions) } };
      }
      countedAsWater = gramsPerMl === null;
      exact = gramsPerMl === null ? ml : ml * gramsPerMl;
      unit = key;
    } else {
      return { ok: false, error: { kind: 'unknown_unit', unit: unitText, units: foodUnits(portions) } };
    }
  }

  const grams = Math.round(exact * 10) / 10;
  if (!(grams > 0)) return { ok: false, error: { kind: 'invalid' } };
  if (grams > MAX_AMOUNT_GRAMS) return { ok: false, error: { kind: 'too_much' } };
  return { ok: true, grams, unit, count, unitText, countedAsWater };
}

/**
 * What a portion chip writes into a quantity box: the portion's name in the language
 * asked for when it reads back as that portion, else its other name, else its grams
 * (two portions such as "1 个（大）" and "1 个（中）" share a unit, and only one can win).
 */
export function portionAmount(portion: FoodPortion, portions: readonly FoodPortion[], zhFirst: boolean): string {
  const names = zhFirst ? [portion.name_zh, portion.name] : [portion.name, portion.name_zh];
  for (const name of names) {
    if (!name?.trim()) continue;
    // A chip's name reads back as its own portion, never as a volume counted as water.
    const reading = readAmount(name, portions, false);
    if (reading.ok && reading.grams === Math.round(portion.grams * 10) / 10) return name.trim();
  }
  return String(portion.grams);
}
