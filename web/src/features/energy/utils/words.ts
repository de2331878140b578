import type { TFunction } from 'i18next';
import type { EnergyReason } from '@/features/energy/api/get-energy-expenditure';

type PagesT = TFunction<'pages'>;

/** A reason in the person's language, from its code and numbers (never the server's English). */
export function reasonText(t: PagesT, reason: EnergyReason): string {
  switch (reason.code) {
    case 'based_on':
      return t('energy.reasons.based_on', { logged_days: reason.logged_days, weighed_days: reason.weighed_days });
    case 'partial_days_left_out':
      return t('energy.reasons.partial_days_left_out', { count: reason.days });
    case 'log_more_days':
      return t('energy.reasons.log_more_days', { count: reason.days });
    case 'weigh_more_days':
      return t('energy.reasons.weigh_more_days', { count: reason.days });
    case 'blended':
      return t('energy.reasons.blended', { data_percent: reason.data_percent });
    case 'no_body_data':
      return t('energy.reasons.no_body_data');
    case 'no_activity_level':
      return t('energy.reasons.no_activity_level');
    case 'goal_at_floor':
      return t('energy.reasons.goal_at_floor', { kcal: reason.kcal });
    case 'data_does_not_add_up':
      return t('energy.reasons.data_does_not_add_up', { kcal: reason.kcal });
  }
}

/** The aim in words: keep, or lose or gain so many kg a week. */
export function aimText(t: PagesT, kgPerWeek: number, format: (value: number) => string): string {
  if (kgPerWeek === 0) return t('energy.aim.keep');
  const kg = format(Math.abs(kgPerWeek));
  return kgPerWeek < 0 ? t('energy.aim.lose', { kg }) : t('energy.aim.gain', { kg });
}
