import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, rememberSession, type MockCall, type MockReply } from '@/testing/fetch-mock';
import { failure, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';

type Route = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

const ann = { id: 1, username: 'ann', nickname: 'Ann' };
const per = (calories: number) => ({ calories, protein: 1, fat: 0.3, carbs: 22, fiber: 2, sugar: 12, sodium: 1 });

const banana = {
  name: 'Banana', name_zh: '香蕉', food_id: 7, estimated_grams: 118, cooking_method: 'raw',
  portion_description: '1 medium banana', per_100g: per(89), nutrition: per(105),
  validation: { isValid: true, dataQuality: 'usda', issues: [], confidence: 'high' },
};
const mystery = {
  name: 'Mystery stew', name_zh: null, food_id: null, estimated_grams: 100, cooking_method: 'as named',
  portion_description: '100 g', per_100g: per(100), nutrition: per(100),
  validation: { isValid: false, dataQuality: 'default', issues: [], confidence: 'low' },
};

/** The server's analysis stream: one `data:` line per step. */
function stream(events: object[]): MockReply {
  return {
    text: events.map((e, i) => `id: ${i}\ndata: ${JSON.stringify(e)}\n\n`).join(''),
    headers: { 'Content-Type': 'text/event-stream' },
  };
}

const steps = [
  { step: 'start', progress: 0, message: 'Analysis started', image_id: 5 },
  { step: 'food_detection', progress: 40, message: 'Found 1 kinds of food' },
  { step: 'food_detection_complete', progress: 50, message: 'Found 1 kinds of food', foods: [] },
  { step: 'portion_estimation', progress: 75, message: 'Portions estimated', portions: [] },
  { step: 'complete', progress: 100, message: 'Analysis complete', foods: [banana, mystery], stage_3: { nutrition_data: [banana, mystery] } },
];

function openDashboard(routes: Record<string, Route> = {}) {
  const mock = mockFetch({
    'GET /api/v1/auth/user/': ok(ann),
    'GET /api/v1/meals/daily-summary/': failure(500),
    'GET /api/v1/images/list/': ok({ images: [], total: 0 }),
    'POST /api/v1/images/upload/': { status: 201, body: { success: true, data: { id: 5, image_id: 5, processing_status: 'uploaded', keywords: [] } } },
    'POST /api/v1/images/analyze-stream/': stream(steps),
    ...routes,
  });
  rememberSession(ann);
  return { ...mock, ...renderApp('/dashboard') };
}

const card = () => screen.getByRole('region', { name: 'Photo recognition' });
const photo = (type = 'image/jpeg', size = 1000) => new File([new Uint8Array(size)], 'plate.jpg', { type });

describe('photo recognition on the dashboard', () => {
  it('uploads, shows the analysis, warns on low confidence, and adds the foods to the basket', async () => {
    const { user, calls } = openDashboard();
    await screen.findByRole('region', { name: 'Photo recognition' });
    await user.upload(within(card()).getByLabelText('Choose a photo of your meal'), photo());
    await user.type(within(card()).getByLabelText('Foods in it (optional)'), 'stew');
    await user.click(within(card()).getByRole('button', { name: 'Upload and analyse' }));

    const foods = await within(card()).findByRole('list', { name: 'Recognised foods' });
    const lines = within(foods).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Banana');
    expect(lines[0]).toHaveTextContent('High confidence');
    expect(lines[0]).toHaveTextContent('105 kcal');
    expect(lines[1]).toHaveTextContent('Low confidence');
    expect(await screen.findByText(/^Low confidence for Mystery stew/)).toBeVisible();
    const upload = calls.find((c) => c.path === '/api/v1/images/upload/');
    expect(upload?.method).toBe('POST');
    expect(calls.find((c) => c.path === '/api/v1/images/analyze-stream/')?.body).toEqual({ image_id: 5 });
    expect(localStorage.getItem('dashboardImageId')).toBe('5');

    // The grams are the person's to correct; the kcal follow.
    const grams = within(lines[0] as HTMLElement).getByLabelText('Grams of Banana');
    await user.clear(grams);
    await user.type(grams, '200');
    expect(lines[0]).toHaveTextContent('178 kcal');
    await user.click(within(card()).getByRole('button', { name: 'Add all to basket' }));
    expect(await screen.findByText('Added 1 food to the basket')).toBeVisible();
    expect(await screen.findByText('1 food without nutrition data was left out')).toBeVisible();
    const basket = JSON.parse(localStorage.getItem('mealCart') ?? '[]') as Array<{ food: { id: number }; quantity: number }>;
    expect(basket).toEqual([expect.objectContaining({ food: expect.objectContaining({ id: 7 }), quantity: 200 })]);
    expect(JSON.parse(localStorage.getItem('dashboardEstimatedPortions') ?? '[]')[0].grams).toBe(200);
  });

  it('refuses a file that is not an image, or is over 10 MB, before any call', async () => {
    const { calls } = openDashboard();
    await screen.findByRole('region', { name: 'Photo recognition' });
    const input = within(card()).getByLabelText('Choose a photo of your meal');
    // The picker filters by type; a file dropped in or picked with "All files" is not.
    fireEvent.change(input, { target: { files: [photo('application/pdf')] } });
    expect(within(card()).getByText('Please select an image file')).toBeVisible();
    fireEvent.change(input, { target: { files: [photo('image/png', 10 * 1024 * 1024 + 1)] } });
    expect(within(card()).getByText('Image file size cannot exceed 10MB')).toBeVisible();
    expect(within(card()).getByRole('button', { name: 'Upload and analyse' })).toBeDisabled();
    expect(calls.some((c) => c.path.startsWith('/api/v1/images/upload'))).toBe(false);
  });

  it('shows why an analysis could not run', async () => {
    const { user } = openDashboard({
      'POST /api/v1/images/analyze-stream/': failure(503, 'recognition model not installed', 'RECOGNITION_UNAVAILABLE'),
    });
    await screen.findByRole('region', { name: 'Photo recognition' });
    await user.upload(within(card()).getByLabelText('Choose a photo of your meal'), photo());
    await user.click(within(card()).getByRole('button', { name: 'Upload and analyse' }));
    expect(await within(card()).findByText('recognition model not installed')).toBeVisible();
  });

  it('says when nothing can be added', async () => {
    const { user } = openDashboard({
      'POST /api/v1/images/analyze-stream/': stream([{ step: 'complete', progress: 100, message: 'done', foods: [] }]),
    });
    await screen.findByRole('region', { name: 'Photo recognition' });
    await user.upload(within(card()).getByLabelText('Choose a photo of your meal'), photo());
    await user.click(within(card()).getByRole('button', { name: 'Upload and analyse' }));
    await waitFor(() => expect(within(card()).getAllByText('No food was recognised in this photo.').length).toBeGreaterThan(0));
    await user.click(within(card()).getByRole('button', { name: 'Add all to basket' }));
    expect(await screen.findByText('No foods to add to basket')).toBeVisible();
  });
});
