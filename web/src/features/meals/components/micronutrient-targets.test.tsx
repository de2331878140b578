import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MicronutrientTargets } from '@/features/meals/components/micronutrient-targets';
import type { MicronutrientIntake } from '@/features/meals/types';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';
import { MICRONUTRIENT_KEYS, type MicronutrientKey, type Micronutrients } from '@/types/food';

function amounts(values: Partial<Micronutrients>): Micronutrients {
  return { ...(Object.fromEntries(MICRONUTRIENT_KEYS.map((key) => [key, null])) as Micronutrients), ...values };
}

const NO_TARGET: readonly MicronutrientKey[] = ['cholesterol_mg', 'monounsaturated_fat_g', 'polyunsaturated_fat_g'];

/** 150 g of orange and a glass of milk with a little of everything; men 31–50, assumed. */
function intake(fields: Partial<MicronutrientIntake> = {}): MicronutrientIntake {
  const eaten = amounts({
    vitamin_c_mg: 79.8,
    calcium_mg: 300,
    iron_mg: 0.3,
    vitamin_a_ug: 3500,
    saturated_fat_g: 25,
    cholesterol_mg: 24,
  });
  const targets = Object.fromEntries(
    MICRONUTRIENT_KEYS.filter((key) => !NO_TARGET.includes(key)).map((key) => [key, { amount: 10, kind: 'rda', upper_limit: null }]),
  );
  return {
    micronutrients: eaten,
    micronutrients_per_day: eaten,
    micronutrient_coverage: { ...Object.fromEntries(MICRONUTRIENT_KEYS.map((key) => [key, eaten[key] === null ? 0 : 1])), iron_mg: 0.3 },
    micronutrient_targets: {
      ...targets,
      vitamin_c_mg: { amount: 90, kind: 'rda', upper_limit: 2000 },
      calcium_mg: { amount: 1000, kind: 'rda', upper_limit: 2500 },
      iron_mg: { amount: 8, kind: 'rda', upper_limit: 45 },
      vitamin_a_ug: { amount: 900, kind: 'rda', upper_limit: 3000 },
      saturated_fat_g: { amount: 22.2, kind: 'limit', upper_limit: null },
    },
    micronutrient_target_group: { sex: 'male', age_from: 31, age_to: 50, assumed: true },
    ...fields,
  };
}

const card = () => screen.getByRole('region', { name: 'Vitamins & minerals' });

describe('MicronutrientTargets', () => {
  it('shows the six furthest from their targets first on a phone, warnings before them, and says whose targets they are', async () => {
    const { user } = renderWithProviders(<MicronutrientTargets intake={intake()} perDay={false} level={3} />);
    const shown = card();
    expect(shown).toHaveTextContent('Targets for men aged 31–50 — set your sex and birth date in your profile for your own');
    expect(within(shown).getByRole('link', { name: 'set your sex and birth date in your profile for your own' })).toHaveAttribute(
      'href',
      '/profile?edit=body',
    );
    expect(shown).toHaveTextContent('1 of 20 targets reached · 1 above the upper limit · saturated fat over its limit');

    const bars = within(shown).getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'Vitamin A',
      'Saturated fat',
      'Iron',
      'Calcium',
      'Vitamin C',
      'Vitamin D',
    ]);
    const vitaminC = within(shown).getByRole('progressbar', { name: 'Vitamin C' });
    expect(vitaminC).toHaveAttribute('aria-valuetext', 'Vitamin C: 79.8 of 90 mg, 89 %');
    expect(vitaminC.closest('li')).toHaveTextContent('79.8 / 90 mg');
    expect(within(shown).getByRole('progressbar', { name: 'Vitamin A' }).closest('li')).toHaveTextContent(
      'above the safe upper limit of 3,000 µg',
    );
    expect(within(shown).getByRole('progressbar', { name: 'Saturated fat' }).closest('li')).toHaveTextContent(
      '25 / at most 22.2 gover the limit',
    );
    const iron = within(shown).getByRole('progressbar', { name: 'Iron' }).closest('li');
    expect(iron).toHaveClass('nutrient-uncertain');
    expect(iron).toHaveTextContent('uncertain: known for only 30 % of what you ate (by weight)');
    // Not given by any food eaten: a dash, never 0.
    const vitaminD = within(shown).getByRole('progressbar', { name: 'Vitamin D' }).closest('li');
    expect(vitaminD).toHaveTextContent('— / 10 µgnot given by what you ate');

    await user.click(within(shown).getByRole('button', { name: 'Show all 24' }));
    expect(within(shown).getAllByRole('progressbar')).toHaveLength(21);
    const fats = within(shown).getByRole('region', { name: 'Fats' });
    expect(within(fats).getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      'Cholesterol24 mg',
      'Saturated fat25 / at most 22.2 gover the limit',
      'Monounsaturated fat—not given by what you ate',
      'Polyunsaturated fat—not given by what you ate',
    ]);
    expect(within(shown).getByRole('region', { name: 'Vitamins' })).toBeInTheDocument();
    expect(within(shown).getByRole('region', { name: 'Minerals' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Show fewer' }));
    expect(within(shown).getAllByRole('progressbar')).toHaveLength(6);
  });

  it('labels a span as the average a logged day and names a group of the profile', () => {
    renderWithProviders(
      <MicronutrientTargets
        intake={intake({
          micronutrients_per_day: amounts({ vitamin_c_mg: 45 }),
          micronutrient_target_group: { sex: 'female', age_from: 71, age_to: 130, assumed: false },
        })}
        perDay
        level={2}
      />,
    );
    const shown = card();
    expect(shown).toHaveTextContent('average per day logged');
    expect(shown).toHaveTextContent('Daily targets for women aged 71+ (US Dietary Reference Intakes).');
    expect(within(shown).queryByRole('link')).not.toBeInTheDocument();
    expect(within(shown).getByRole('progressbar', { name: 'Vitamin C' }).closest('li')).toHaveTextContent('45 / 90 mg');
  });

  it('says so when no food eaten gives any', () => {
    renderWithProviders(
      <MicronutrientTargets intake={intake({ micronutrients: amounts({}), micronutrient_coverage: {} })} perDay={false} level={3} />,
    );
    expect(card()).toHaveTextContent('The foods eaten give no vitamins or minerals.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('reads in Chinese', async () => {
    await act(() => i18n.changeLanguage('zh'));
    renderWithProviders(<MicronutrientTargets intake={intake()} perDay={false} level={3} />);
    const shown = screen.getByRole('region', { name: '维生素和矿物质' });
    expect(shown).toHaveTextContent('按 31–50 岁男性的目标——在个人资料中设置性别和出生日期，即可按你自己的目标计');
    expect(within(shown).getByRole('progressbar', { name: '维生素C' }).closest('li')).toHaveTextContent('79.8 / 90 毫克');
    expect(within(shown).getByRole('progressbar', { name: '铁' }).closest('li')).toHaveTextContent('不确定：所吃食物中仅 30%（按重量）有此数据');
    expect(within(shown).getByRole('button', { name: '显示全部 24 项' })).toBeInTheDocument();
  });
});
