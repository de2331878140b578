import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockFetch, rememberSession } from '@/testing/fetch-mock';
import { makeFood, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';
import type { Food } from '@/types/food';

const ann = { id: 1, username: 'ann', nickname: 'Ann' };
const rice = makeFood({
  id: 7,
  name: 'Rice, white, cooked',
  name_zh: '米饭',
  calories_per_100g: 116,
  protein_per_100g: 2.6,
  fat_per_100g: 0.3,
  carbs_per_100g: 25.9,
  portions: [
    { grams: 150, name: '1 bowl', name_zh: '1 碗' },
    { grams: 100, name: '1 small bowl', name_zh: '1 小碗' },
  ],
});

/** Ann, signed in, with `food` found. */
async function openFood(food: Food, query: string) {
  mockFetch({
    'GET /api/v1/auth/user/': ok(ann),
    'GET /api/v1/foods/search/history/': ok({ history: [] }),
    'GET /api/v1/foods/search/': ok({ query, foods: [food], took_ms: 2 }),
    'GET /api/v1/foods/usda/search/': ok({ foods: [], usda_available: true }),
  });
  rememberSession(ann);
  const rendered = renderApp('/');
  await rendered.user.type(screen.getByRole('searchbox'), `${query}{Enter}`);
  const card = await screen.findByRole('article', { name: i18n.language === 'zh' ? (food.name_zh ?? food.name) : food.name });
  return { ...rendered, card };
}

const openRice = () => openFood(rice, 'rice');

const milk = makeFood({
  id: 8,
  name: 'Milk, whole',
  name_zh: '全脂牛奶',
  calories_per_100g: 61,
  portions: [
    { grams: 244, name: '1 cup', name_zh: '1 杯' },
    { grams: 250, name: '1 carton (250 ml)', name_zh: '1 盒（250 毫升）' },
  ],
});
const sparklingWater = makeFood({
  id: 9,
  name: 'Sparkling water',
  name_zh: '气泡水',
  calories_per_100g: 0,
  portions: [],
  is_drink: true,
});

describe('a food card with an amount', () => {
  it('reads "1.5碗" as 225 g, shows its nutrition, and adds grams with the amount', async () => {
    const { user, card } = await openRice();
    const box = within(card).getByLabelText('Quantity');
    await user.clear(box);
    await user.type(box, '1.5碗');
    expect(within(card).getByText('= 225 g')).toBeInTheDocument();
    expect(within(card).getByText('261 kcal')).toBeInTheDocument();
    expect(within(card).getByText('Carbs 58.3 g')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Added 1.5碗 (225 g) Rice, white, cooked to the basket')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('mealCart') ?? '[]')).toEqual([{ food: rice, quantity: 225, amount: '1.5碗' }]);
    const basket = screen.getByRole('complementary', { name: 'Current basket' });
    expect(within(basket).getByText('1.5碗 · 225 g')).toBeInTheDocument();
  });

  it('names an unknown unit and the units the food knows, and refuses words that are no amount', async () => {
    const { user, card } = await openRice();
    const box = within(card).getByLabelText('Quantity');
    await user.clear(box);
    await user.type(box, '2 spoonfuls');
    expect(box).toBeInvalid();
    expect(box).toHaveAccessibleDescription(
      'Unknown unit “spoonfuls”: use g, kg, 斤, 两, oz, lb or one of: bowl, 碗, small bowl, 小碗',
    );
    await user.clear(box);
    await user.type(box, '2 cups');
    expect(box).toHaveAccessibleDescription(
      '“cups” is a volume, and what this food weighs per ml is not known: use g, kg, 斤, 两, oz, lb or one of: bowl, 碗, small bowl, 小碗',
    );
    expect(within(card).getByRole('button', { name: 'Add' })).toBeDisabled();
    await user.clear(box);
    await user.type(box, '1..5');
    expect(box).toHaveAccessibleDescription('Enter an amount such as 150, 150 g, 1.5 bowls or 半斤');
    await user.clear(box);
    await user.type(box, '半斤');
    expect(within(card).getByText('= 250 g')).toBeInTheDocument();
  });

  it('portion chips write the portion by name, in the language of the page', async () => {
    const { user, card } = await openRice();
    await user.click(within(card).getByRole('button', { name: '1 bowl (150 g)' }));
    expect(within(card).getByLabelText('Quantity')).toHaveValue('1 bowl');
    expect(within(card).getByRole('button', { name: '1 bowl (150 g)' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getByText('174 kcal')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: '1 small bowl (100 g)' }));
    expect(within(card).getByText('= 100 g')).toBeInTheDocument();
  });

  it('in Chinese: the chip writes "1 碗" and errors are in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const { user, card } = await openRice();
    await user.click(within(card).getByRole('button', { name: '1 碗 · 150 克' }));
    const box = within(card).getByLabelText('份量');
    expect(box).toHaveValue('1 碗');
    expect(within(card).getByText('= 150 克')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, '3勺');
    await waitFor(() =>
      expect(box).toHaveAccessibleDescription(
        '无法识别的单位“勺”：请使用 克、公斤、斤、两、oz、lb 或：bowl、碗、small bowl、小碗',
      ),
    );
  });

  it('weighs a volume by the food’s density: its 250 ml carton, else its cup', async () => {
    const { user, card } = await openFood(milk, 'milk');
    const box = within(card).getByLabelText('Quantity');
    await user.clear(box);
    await user.type(box, '250 ml');
    expect(within(card).getByText('= 250 g')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, '500 ml');
    // No 500 ml portion: the density of its cup, 244 g.
    expect(within(card).getByText('= 515.6 g')).toBeInTheDocument();
  });

  it('in Chinese: a drink without a density is counted as water, and it says so', async () => {
    await i18n.changeLanguage('zh');
    const { user, card } = await openFood(sparklingWater, 'qipaoshui');
    const box = within(card).getByLabelText('份量');
    await user.clear(box);
    await user.type(box, '330毫升');
    expect(within(card).getByText('约 330 克（按水计）')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '添加' })).toBeEnabled();
  });
});
