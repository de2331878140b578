/**
 * `GET /users/profile/`'s answer for Ann (175 cm, 70 kg, 2000 kcal a day), with `profile`
 * and `user` over its defaults.
 */
export function profileBody(profile: Record<string, unknown> = {}, user: Record<string, unknown> = {}) {
  return {
    success: true,
    data: {
      user: { username: 'ann', email: 'ann@example.com', nickname: 'Ann', ...user },
      profile: {
        date_of_birth: null,
        gender: 'male',
        height: 175,
        weight: 70,
        daily_calorie_goal: 2000,
        activity_level: null,
        macro_goal_unit: null,
        protein_goal: null,
        fat_goal: null,
        carbs_goal: null,
        body_data_set: false,
        ...profile,
      },
    },
  };
}
