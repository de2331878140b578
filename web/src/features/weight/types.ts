import type { components } from '@/types/api.gen';

export type WeightRecord = components['schemas']['WeightView'];

/** Records oldest first; `change` is the last minus the first record of the range, kg. */
export type WeightHistory = components['schemas']['History'];
