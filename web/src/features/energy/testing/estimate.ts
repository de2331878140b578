// The estimate's answer for the energy tests.

/** Three weeks of an estimate the data carries (medium), `fields` over it. */
export function estimateBody(fields: Record<string, unknown> = {}) {
  const trend = Array.from({ length: 21 }, (_, day) => ({
    date: `2026-11-${String(day + 10).padStart(2, '0')}`,
    weight_kg: 80 - day * 0.07 + (day % 2 ? 0.6 : -0.6),
    trend_kg: 80 - day * 0.07,
  }));
  return {
    success: true,
    data: {
      estimated_kcal_per_day: 2480.4,
      formula_kcal_per_day: 2300,
      confidence: 'medium',
      days_used: 21,
      days_weighed: 21,
      weight_trend_kg_per_week: -0.49,
      intake_kcal_per_day: 1930,
      data_share: 0.75,
      suggested_goal_kcal: 2120.2,
      aim_kg_per_week: -0.5,
      current_goal_kcal: 2000,
      first_day: '2026-11-03',
      last_day: '2026-11-30',
      reasons: [
        { code: 'based_on', logged_days: 21, weighed_days: 21, message: 'Based on 21 days' },
        { code: 'partial_days_left_out', days: 1, message: '1 day logged in part left out' },
        { code: 'blended', data_percent: 75, message: '75% from your data' },
      ],
      trend,
      ...fields,
    },
  };
}
