/** Full years from a YYYY-MM-DD date of birth to `today` (local date); null if unknown. */
export function ageFromDateOfBirth(dateOfBirth: string | null | undefined, today: Date = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(dateOfBirth ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const thisMonth = today.getMonth() + 1;
  const hadBirthday = thisMonth > month || (thisMonth === month && today.getDate() >= day);
  const age = today.getFullYear() - year - (hadBirthday ? 0 : 1);
  return age >= 0 ? age : null;
}

/** weight / (height in m)², one decimal (SPEC 5); null without a usable height and weight. */
export function bodyMassIndex(weightKg: number | null | undefined, heightCm: number | null | undefined): number | null {
  if (typeof weightKg !== 'number' || typeof heightCm !== 'number') return null;
  if (!Number.isFinite(weightKg) || !Number.isFinite(heightCm) || weightKg <= 0 || heightCm <= 0) return null;
  const metres = heightCm / 100;
  return Math.round((weightKg / (metres * metres)) * 10) / 10;
}

export const BMI_CATEGORIES = ['underweight', 'normal', 'overweight', 'obese'] as const;
export type BmiCategory = (typeof BMI_CATEGORIES)[number];

/** SPEC 5, 9: below 18.5, below 25, below 30, otherwise. */
export function bmiCategory(bmi: number): BmiCategory {
  if (bmi < 18.5) return 'underweight';
  if (bmi < 25) return 'normal';
  if (bmi < 30) return 'overweight';
  return 'obese';
}

/** The colour scale runs over this range; values outside sit at its ends. */
export const BMI_SCALE = { min: 15, max: 35 } as const;

/** Where the band boundaries and a value sit on the scale, in percent from the left. */
export function bmiScalePosition(bmi: number): number {
  const clamped = Math.min(BMI_SCALE.max, Math.max(BMI_SCALE.min, bmi));
  return Math.round(((clamped - BMI_SCALE.min) / (BMI_SCALE.max - BMI_SCALE.min)) * 1000) / 10;
}

/**
 * The date of birth a birth year stands for: its middle (1 July), so an age worked out from
 * it is at most half a year off either way. Empty for what is not a four-digit year.
 */
export function birthYearDate(year: string): string {
  const typed = year.trim();
  return /^\d{4}$/.test(typed) ? `${typed}-07-01` : '';
}
