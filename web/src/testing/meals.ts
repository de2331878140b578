import type { MicronutrientIntake } from '@/features/meals/types';

/** The vitamins and minerals of a day or span none of whose foods gives any, as the server answers it. */
export function noMicronutrients(): MicronutrientIntake {
  return {
    micronutrients: {},
    micronutrients_per_day: {},
    micronutrient_coverage: {},
    micronutrient_targets: {},
    micronutrient_target_group: { sex: 'any', age_from: 31, age_to: 50, assumed: true },
  };
}
