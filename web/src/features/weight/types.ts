export type WeightRecord = {
  id: number;
  /** Local day, YYYY-MM-DD. */
  date: string;
  weight: number;
  notes: string | null;
  created_at: string;
};

export type WeightHistory = {
  /** Oldest first. */
  records: WeightRecord[];
  latest: WeightRecord | null;
  /** Last minus first record of the range, kg. */
  change: number | null;
};
