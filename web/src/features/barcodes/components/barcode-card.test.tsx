import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, rememberSession } from '@/testing/fetch-mock';
import { failure, makeFood, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';
import { i18n } from '@/lib/i18n';

const ann = { id: 1, username: 'ann', nickname: 'Ann' };
const crisps = makeFood({
  id: 77,
  name: 'Sea Salt Crisps',
  name_zh: '海盐薯片',
  brand: 'Crunch Co',
  barcode: '5000000000017',
  nutrition_grade: 'C',
  calories_per_100g: 536,
  data_source: 'openfoodfacts',
});

function openDashboard(path = '/dashboard') {
  const mock = mockFetch({
    'GET /api/v1/auth/user/': ok(ann),
    'GET /api/v1/meals/daily-summary/': failure(500),
    'GET /api/v1/images/list/': ok({ images: [], total: 0 }),
  });
  rememberSession(ann);
  return { ...mock, ...renderApp(path) };
}

const card = () => screen.findByRole('region', { name: 'Barcode results' });

describe('the barcode results card on the dashboard', () => {
  it('says when nothing has been scanned yet', async () => {
    openDashboard();
    expect(await card()).toHaveTextContent('No barcode scanned yet.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the foods of the last scan again, each ready for the basket', async () => {
    localStorage.setItem('dashboardBarcodeFoods', JSON.stringify([{ barcode: crisps.barcode, food: crisps, is_existing: true }]));
    const { user } = openDashboard();
    const foods = within(await card()).getByRole('list', { name: 'Foods from the last barcode scan' });
    const line = within(foods).getByRole('listitem');
    expect(line).toHaveTextContent('Sea Salt Crisps');
    expect(line).toHaveTextContent('Crunch Co');
    expect(line).toHaveTextContent('536 kcal / 100 g');
    expect(line).toHaveTextContent('Nutrition grade C');

    await user.click(within(line).getByRole('button', { name: 'Add to basket' }));
    expect(await screen.findByText('Added 100 g Sea Salt Crisps to the basket')).toBeVisible();
    expect(JSON.parse(localStorage.getItem('mealCart') ?? '[]')).toEqual([
      expect.objectContaining({ food: expect.objectContaining({ id: 77 }), quantity: 100 }),
    ]);
  });

  it("adds a food of one's own by its first portion, the serving its label gave, in the page's language", async () => {
    const mine = makeFood({
      id: 78,
      name: 'Label crackers',
      name_zh: '标签饼干',
      barcode: '4006381333931',
      data_source: 'custom',
      is_custom: true,
      portions: [{ grams: 29, name: '1 serving', name_zh: '1 份' }],
    });
    localStorage.setItem('dashboardBarcodeFoods', JSON.stringify([{ barcode: mine.barcode, food: mine, is_existing: true }]));
    const { user } = openDashboard();
    const line = within(within(await card()).getByRole('list', { name: 'Foods from the last barcode scan' })).getByRole('listitem');
    await user.click(within(line).getByRole('button', { name: 'Add to basket' }));
    expect(await screen.findByText('Added 1 serving (29 g) of Label crackers to the basket')).toBeVisible();
    expect(JSON.parse(localStorage.getItem('mealCart') ?? '[]')).toEqual([
      expect.objectContaining({ food: expect.objectContaining({ id: 78 }), quantity: 29, amount: '1 serving' }),
    ]);

    await i18n.changeLanguage('zh');
    await user.click(within(line).getByRole('button', { name: '加入餐篮' }));
    expect(await screen.findByText('已将标签饼干 1 份（29 克）加入餐篮')).toBeVisible();
  });

  it('ignores a stored value it cannot read', async () => {
    localStorage.setItem('dashboardBarcodeFoods', '{"not":"a list"}');
    openDashboard();
    expect(await card()).toHaveTextContent('No barcode scanned yet.');
  });

  it('opens the barcode dialog from its button', async () => {
    const { user } = openDashboard();
    await user.click(within(await card()).getByRole('button', { name: 'Scan a barcode' }));
    expect(screen.getByRole('dialog', { name: 'Barcode recognition' })).toBeVisible();
  });
});

describe('/dashboard?mode=barcode', () => {
  it('opens the barcode dialog, then drops the query', async () => {
    openDashboard('/dashboard?mode=barcode');
    expect(await screen.findByRole('dialog', { name: 'Barcode recognition' })).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    // Dropping the query does not close what it opened.
    expect(screen.getByRole('dialog', { name: 'Barcode recognition' })).toBeVisible();
  });

  it('leaves the dialog closed for any other mode', async () => {
    openDashboard('/dashboard?mode=photo');
    await card();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard?mode=photo');
  });
});
