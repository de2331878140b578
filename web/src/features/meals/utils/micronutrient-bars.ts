import type { MicronutrientIntake, MicronutrientTarget } from '@/features/meals/types';
import { partialPercent } from '@/lib/micronutrients';
import { MICRONUTRIENT_KEYS, type MicronutrientKey } from '@/types/food';

/**
 * Where a nutrient stands against its daily target:
 * - `below`, `reached`: an amount to reach (RDA or AI), not reached or reached;
 * - `overUpper`: above the Tolerable Upper Intake Level (a warning, target or not);
 * - `underLimit`, `overLimit`: an amount to stay under (saturated fat);
 * - `unknown`: no food eaten gives it, so how much was eaten is not known;
 * - `noTarget`: eaten, with nothing to hold it against (cholesterol, the unsaturated
 *   fats, saturated fat without a calorie goal).
 */
export type NutrientState = 'below' | 'reached' | 'overUpper' | 'underLimit' | 'overLimit' | 'unknown' | 'noTarget';

export type NutrientRow = {
  key: MicronutrientKey;
  /** The day's total or the average a logged day; null when no food eaten gives it. */
  eaten: number | null;
  /** The target amount held against, null when there is none. */
  target: number | null;
  kind: MicronutrientTarget['kind'] | null;
  upperLimit: number | null;
  /** `eaten` over the target, not capped; null when either is not known. */
  share: number | null;
  /** How far the bar fills, 0..100: full at the target, never past it. */
  fill: number;
  state: NutrientState;
  /** The whole percent of the grams eaten the amount comes from, when not all of them. */
  partialPercent: number | null;
  /** So little of what was eaten gives it that the amount says little. */
  uncertain: boolean;
};

/** Below this share of the grams eaten, an amount is marked uncertain. */
export const UNCERTAIN_BELOW = 0.5;

/** One nutrient against its target. */
export function nutrientRow(
  key: MicronutrientKey,
  eaten: number | null,
  coverage: number,
  target: MicronutrientTarget | undefined,
): NutrientRow {
  const amount = target?.amount ?? null;
  const upperLimit = target?.upper_limit ?? null;
  const share = eaten !== null && amount !== null && amount > 0 ? eaten / amount : null;
  const row = {
    key,
    eaten,
    target: amount,
    kind: target?.kind ?? null,
    upperLimit,
    share,
    fill: share === null ? 0 : Math.min(100, share * 100),
    partialPercent: eaten === null ? null : partialPercent(coverage),
    uncertain: eaten !== null && coverage < UNCERTAIN_BELOW,
  };
  return { ...row, state: stateOf(row) };
}

function stateOf({ eaten, target, kind, upperLimit, share }: Omit<NutrientRow, 'state'>): NutrientState {
  if (eaten === null) return target === null ? 'noTarget' : 'unknown';
  if (upperLimit !== null && eaten > upperLimit) return 'overUpper';
  if (target === null || share === null) return 'noTarget';
  if (kind === 'limit') return eaten > target ? 'overLimit' : 'underLimit';
  return share >= 1 ? 'reached' : 'below';
}

/**
 * Every nutrient of a day or span, in the app's order: the day's totals, or a span's
 * average a logged day.
 */
export function intakeRows(intake: MicronutrientIntake, perDay: boolean): NutrientRow[] {
  const amounts = perDay ? intake.micronutrients_per_day : intake.micronutrients;
  const { micronutrient_coverage: coverage, micronutrient_targets: targets } = intake;
  // Only the nutrients with a target are keys of `targets`.
  const targetOf = (key: MicronutrientKey) => (key in targets ? targets[key as keyof typeof targets] : undefined);
  return MICRONUTRIENT_KEYS.map((key) => nutrientRow(key, amounts[key] ?? null, coverage[key] ?? 0, targetOf(key)));
}

/** A row with a bar: a target to hold the amount against. */
export function hasBar(row: NutrientRow): boolean {
  return row.target !== null;
}

const WARNINGS: readonly NutrientState[] = ['overUpper', 'overLimit'];

/**
 * What a short list shows first: warnings (in the app's order), then the amounts
 * furthest below their targets, then those no food eaten gives, then the rest by how
 * far they are along.
 */
export function mostWanted(rows: readonly NutrientRow[], count: number): NutrientRow[] {
  const rank = (row: NutrientRow) =>
    WARNINGS.includes(row.state) ? 0 : row.state === 'below' ? 1 : row.state === 'unknown' ? 2 : row.state === 'reached' ? 3 : 4;
  return rows
    .filter(hasBar)
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row) - rank(b.row) || wantedShare(a.row) - wantedShare(b.row) || a.index - b.index)
    .slice(0, count)
    .map(({ row }) => row);
}

/** Warnings keep the app's order; the rest go by how far along they are. */
function wantedShare(row: NutrientRow): number {
  return WARNINGS.includes(row.state) ? 0 : (row.share ?? 0);
}

/** The summary line's figures: targets to reach and how many are, and the warnings. */
export function tally(rows: readonly NutrientRow[]) {
  const toReach = rows.filter((row) => row.target !== null && row.kind !== 'limit');
  return {
    targets: toReach.length,
    reached: toReach.filter((row) => row.share !== null && row.share >= 1).length,
    overUpper: rows.filter((row) => row.state === 'overUpper').length,
    overLimit: rows.some((row) => row.state === 'overLimit'),
  };
}
