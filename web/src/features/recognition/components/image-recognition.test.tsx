// Long on purpose: the tests of the photo flow's one screen, step by step as a person goes through it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { liveEventStream, mockFetch, rememberSession, type MockCall, type MockReply } from '@/testing/fetch-mock';
import { failure, makeFood, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';

type Route = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

const ann = { id: 1, username: 'ann', nickname: 'Ann' };
const per = (calories: number) => ({ calories, protein: 1, fat: 0.3, carbs: 22, fiber: 2, sugar: 12, sodium: 1 });

const recognition = (score: number, level: string, source = 'detector') => ({
  score, level, source, needs_confirmation: level === 'unsure',
});

const banana = {
  name: 'Banana', name_zh: '香蕉', food_id: 7, estimated_grams: 118, cooking_method: 'raw',
  portion_description: '1 medium banana', portion_description_zh: '1 根中等大小的香蕉', count: 1,
  per_100g: per(89), nutrition: per(105),
  validation: { isValid: true, dataQuality: 'usda', issues: [], confidence: 'high' },
  recognition: recognition(0.86, 'sure'), alternatives: [],
};
const mystery = {
  name: 'Mystery stew', name_zh: null, food_id: null, estimated_grams: 100, cooking_method: 'as named',
  portion_description: '100 g', portion_description_zh: null, count: 1, per_100g: per(100), nutrition: per(100),
  validation: { isValid: false, dataQuality: 'default', issues: [], confidence: 'low' },
  recognition: recognition(0.62, 'likely', 'dish_model'), alternatives: [],
};
const alternative = (name: string, name_zh: string, food_id: number, grams: number, score: number) => ({
  name, name_zh, food_id, score, estimated_grams: grams,
  portion_description: `1 ${name.toLowerCase()}, about ${grams} g`, portion_description_zh: `1 份${name_zh}，约 ${grams} 克`,
  per_100g: per(250),
});
/** Two slices the recogniser is unsure of: a question with two alternatives. */
const pizza = {
  name: 'Pizza', name_zh: '披萨', food_id: 9, estimated_grams: 220, cooking_method: 'baked',
  portion_description: '2 slices of pizza, about 220 g', portion_description_zh: '2 块披萨，约 220 克', count: 2,
  per_100g: per(266), nutrition: per(585),
  validation: { isValid: true, dataQuality: 'usda', issues: [], confidence: 'high' },
  recognition: recognition(0.41, 'unsure', 'dish_model'),
  alternatives: [alternative('Calzone', '意式馅饼', 21, 250, 0.3), alternative('Flatbread', '烤饼', 22, 120, 0.2)],
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
    'POST /api/v1/images/confirm/': ok({ image_id: 5, confirmed: true }),
    ...routes,
  });
  rememberSession(ann);
  return { ...mock, ...renderApp('/dashboard') };
}

const cardName = /^(Photo recognition|拍照识别)$/;
const card = () => screen.getByRole('region', { name: cardName });
const photo = (type = 'image/jpeg', size = 1000) => new File([new Uint8Array(size)], 'plate.jpg', { type });
const OVER_10_MB = 10 * 1024 * 1024 + 1;

// jsdom lays nothing out and has no scrollIntoView; a photo's problem asks for it to be seen.
const scrolledTo = vi.fn<(this: Element) => void>();
beforeEach(() => {
  scrolledTo.mockReset();
  Element.prototype.scrollIntoView = scrolledTo;
});

/** The browser's drawing of a `width` × `height` photo, which jsdom has not; each JPEG drawn is 300 kB. */
function drawablePhotos(width: number, height: number) {
  const drawImage = vi.fn();
  vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width, height, close: vi.fn() })));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done, type) =>
    done(new Blob([new Uint8Array(300_000)], { type: type ?? 'image/png' })),
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/jpeg;base64,AAAA');
  return drawImage;
}

/** The stream of an analysis that ends with `complete` (issue 17's fields at its top). */
const analysed = (complete: object) => stream([{ step: 'complete', progress: 100, message: 'Analysis complete', ...complete }]);

type Basket = Array<{ food: { id: number }; quantity: number }>;
const basketLines = () => JSON.parse(localStorage.getItem('mealCart') ?? '[]') as Basket;
const confirmations = (calls: MockCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/images/confirm/');

/** Opens the dashboard, analyses a photo and waits for the result. */
async function analysePhoto(routes: Record<string, Route> = {}) {
  const opened = openDashboard(routes);
  await screen.findByRole('region', { name: cardName });
  await opened.user.upload(within(card()).getByLabelText(/^(Choose a photo of your meal|选择餐食照片)$/), photo());
  await opened.user.click(within(card()).getByRole('button', { name: /^(Upload and analyse|上传并识别)$/ }));
  await waitFor(() => expect(within(card()).queryByRole('progressbar')).toBeNull());
  return opened;
}

describe('photo recognition on the dashboard', () => {
  it('uploads, shows how sure it is and the data quality apart, warns on estimated values, and adds the foods to the basket', async () => {
    const { user, calls } = openDashboard();
    await screen.findByRole('region', { name: 'Photo recognition' });
    await user.upload(within(card()).getByLabelText('Choose a photo of your meal'), photo());
    await user.type(within(card()).getByLabelText('Foods in it (optional)'), 'stew');
    await user.click(within(card()).getByRole('button', { name: 'Upload and analyse' }));

    const foods = await within(card()).findByRole('list', { name: 'Recognised foods' });
    const lines = within(foods).getAllByRole('listitem');
    // How sure the recogniser is of the name; the data's quality apart, worded as the data's.
    expect(lines[0]).toHaveTextContent('Looks like Banana — 86%');
    expect(lines[0]).toHaveTextContent('1 medium banana · raw · USDA data');
    expect(lines[0]).not.toHaveTextContent(/confidence/i);
    expect(lines[0]).toHaveTextContent('105 kcal');
    expect(lines[1]).toHaveTextContent('Probably Mystery stew — 62%');
    expect(lines[1]).toHaveTextContent('Estimated values');
    expect(await screen.findByText(/^The nutrition values of Mystery stew are estimates/)).toBeVisible();
    expect(within(card()).getByRole('status', { name: '' })).toHaveTextContent('Found 2 foods');
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
    expect(await screen.findByText('Added 1 food to the basket · 1 food without nutrition data was left out')).toBeVisible();
    const basket = JSON.parse(localStorage.getItem('mealCart') ?? '[]') as Array<{ food: { id: number }; quantity: number }>;
    expect(basket).toEqual([expect.objectContaining({ food: expect.objectContaining({ id: 7 }), quantity: 200 })]);
    expect(JSON.parse(localStorage.getItem('dashboardEstimatedPortions') ?? '[]')[0].grams).toBe(200);
    // The server learns what was logged from the photo (the food it could not log is not).
    await waitFor(() => expect(confirmations(calls)).toHaveLength(1));
    expect(confirmations(calls)[0]?.body).toEqual({
      image_id: 5,
      is_confirmed: true,
      corrections: { foods: [{ food_id: 7, name: 'Banana', name_zh: '香蕉', grams: 200 }] },
    });
    expect(lines[0]).toHaveTextContent('In the basket');
  });

  it('says a file that is not a photo is not one, in both languages, before any call', async () => {
    const { calls } = openDashboard();
    await screen.findByRole('region', { name: 'Photo recognition' });
    const input = within(card()).getByLabelText('Choose a photo of your meal');
    // The picker filters by type; a file dropped in or picked with "All files" is not.
    fireEvent.change(input, { target: { files: [photo('application/pdf')] } });
    expect(within(card()).getByRole('alert')).toHaveTextContent('This file is not a photo. Choose a JPEG, PNG or WebP image.');
    expect(within(card()).getByRole('button', { name: 'Upload and analyse' })).toBeDisabled();
    expect(calls.some((c) => c.path.startsWith('/api/v1/images/upload'))).toBe(false);
    await i18n.changeLanguage('zh');
    fireEvent.change(input, { target: { files: [photo('application/pdf')] } });
    expect(within(card()).getByRole('alert')).toHaveTextContent('这个文件不是照片。请选择 JPEG、PNG 或 WebP 图片。');
  });

  it('shrinks a photo over 10 MB before uploading it, and analyses it', async () => {
    const drawImage = drawablePhotos(3000, 4000);
    const append = vi.spyOn(FormData.prototype, 'append');
    const { user } = openDashboard();
    await screen.findByRole('region', { name: 'Photo recognition' });
    await user.upload(within(card()).getByLabelText('Choose a photo of your meal'), photo('image/jpeg', OVER_10_MB));
    expect(within(card()).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: 'Upload and analyse' }));

    expect(await within(card()).findByRole('list', { name: 'Recognised foods' })).toHaveTextContent('Banana');
    expect(within(card()).queryByRole('alert')).not.toBeInTheDocument();
    // Drawn again at the 2048 pixels a side the workers keep, as a JPEG well under the limit.
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 1536, 2048);
    const sent = append.mock.calls.filter(([name]) => name === 'image').map(([, value]) => value as File);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.type).toBe('image/jpeg');
    expect(sent[0]?.size).toBe(300_000);
  });

  it('refuses a photo over 10 MB only when it cannot be shrunk, under the form, in both languages', async () => {
    // jsdom cannot decode a picture: as a browser with a photo it cannot read.
    const { user, calls } = openDashboard();
    await screen.findByRole('region', { name: 'Photo recognition' });
    const input = within(card()).getByLabelText('Choose a photo of your meal');
    await user.upload(input, photo('image/jpeg', OVER_10_MB));
    await user.click(within(card()).getByRole('button', { name: 'Upload and analyse' }));
    const alert = await within(card()).findByRole('alert');
    expect(alert).toHaveTextContent(
      'This photo is over 10 MB and could not be made smaller here. Choose a JPEG, PNG or WebP image under 10 MB.',
    );
    // Straight after the form's buttons, and scrolled to.
    expect(alert.parentElement?.previousElementSibling).toBe(input.closest('form'));
    expect(scrolledTo.mock.contexts).toContain(alert.parentElement);
    expect(calls.some((c) => c.path.startsWith('/api/v1/images/upload'))).toBe(false);

    await i18n.changeLanguage('zh');
    await user.click(within(card()).getByRole('button', { name: '上传并识别' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      '这张照片超过 10 MB，且无法在此缩小。请选择 10 MB 以内的 JPEG、PNG 或 WebP 图片。',
    );
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

  it('says how sure it is in Chinese, with the server’s Chinese portion as a count', async () => {
    await i18n.changeLanguage('zh');
    await analysePhoto({
      'POST /api/v1/images/analyze-stream/': analysed({
        foods: [banana, { ...pizza, recognition: recognition(0.62, 'likely', 'dish_model') }],
        food_found: true, memory: null, plate_warning: null,
      }),
    });
    const lines = within(within(card()).getByRole('list', { name: '识别出的食物' })).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('看起来是香蕉 — 86%');
    expect(lines[0]).toHaveTextContent('1 根中等大小的香蕉 · 生食 · USDA 数据');
    expect(lines[1]).toHaveTextContent('可能是披萨 — 62%');
    expect(lines[1]).toHaveTextContent('2 块披萨，约 220 克');
  });

  it('shows an English count where the words do not say it', async () => {
    await analysePhoto({
      'POST /api/v1/images/analyze-stream/': analysed({
        foods: [{ ...banana, count: 3, portion_description: '1 medium banana', recognition: recognition(0.91, 'sure') }],
        food_found: true,
      }),
    });
    expect(within(card()).getByRole('list', { name: 'Recognised foods' })).toHaveTextContent('3 × 1 medium banana');
  });

  it('asks about an unsure food, adds the others first, and adds it once answered', async () => {
    const { user, calls } = await analysePhoto({
      'POST /api/v1/images/analyze-stream/': analysed({ foods: [banana, pizza], food_found: true, memory: null, plate_warning: null }),
    });
    const question = within(card()).getByRole('group', { name: 'Is this Pizza?' });
    expect(within(question).getByRole('button', { name: 'Yes' })).toBeVisible();
    expect(within(question).getByRole('button', { name: 'Calzone' })).toBeVisible();
    expect(within(question).getByRole('button', { name: 'Flatbread' })).toBeVisible();
    expect(within(question).getByText('2 slices of pizza, about 220 g')).toBeVisible();
    expect(within(card()).getByText('1 waits for your answer')).toBeVisible();
    expect(within(card()).getByRole('status', { name: '' })).toHaveTextContent('Found 2 foods · 1 waits for your answer');

    // "Add all" leaves the question alone and says so.
    await user.click(within(card()).getByRole('button', { name: 'Add all to basket' }));
    expect(await screen.findByText('1 added · 1 waits for your answer')).toBeVisible();
    expect(basketLines()).toEqual([expect.objectContaining({ food: expect.objectContaining({ id: 7 }), quantity: 118 })]);
    await waitFor(() => expect(confirmations(calls)).toHaveLength(1));

    // One tap on an alternative: it takes the food's place, with its own grams.
    await user.click(within(question).getByRole('button', { name: 'Calzone' }));
    expect(within(card()).queryByRole('group', { name: 'Is this Pizza?' })).toBeNull();
    const lines = within(within(card()).getByRole('list', { name: 'Recognised foods' })).getAllByRole('listitem');
    expect(lines[1]).toHaveTextContent('Calzone');
    expect(lines[1]).toHaveTextContent('Confirmed by you');
    // The focus the question had goes to the food that answered it.
    expect(within(lines[1] as HTMLElement).getByText('Calzone')).toHaveFocus();
    expect(within(lines[1] as HTMLElement).getByLabelText('Grams of Calzone')).toHaveValue(250);
    expect(within(card()).queryByText('1 waits for your answer')).toBeNull();
    // Nor does the message that counted it, nor what a screen reader heard.
    expect(screen.queryByText(/waits for your answer/)).toBeNull();

    // The answered food goes in; the banana is not added twice.
    await user.click(within(card()).getByRole('button', { name: 'Add all to basket' }));
    expect(await screen.findByText('Added 1 food to the basket')).toBeVisible();
    expect(basketLines()).toEqual([
      expect.objectContaining({ food: expect.objectContaining({ id: 7 }), quantity: 118 }),
      expect.objectContaining({ food: expect.objectContaining({ id: 21 }), quantity: 250 }),
    ]);
    await waitFor(() => expect(confirmations(calls)).toHaveLength(2));
    expect(confirmations(calls)[1]?.body).toEqual({
      image_id: 5,
      is_confirmed: true,
      corrections: {
        foods: [
          { food_id: 7, name: 'Banana', name_zh: '香蕉', grams: 118 },
          { food_id: 21, name: 'Calzone', name_zh: '意式馅饼', grams: 250 },
        ],
      },
    });
    expect(within(card()).getByText('All in the basket')).toBeVisible();
  });

  it('replaces an unsure food with one found by the food search, at that food’s own portion', async () => {
    const flatbread = makeFood({ id: 40, name: 'Naan', name_zh: '馕', calories_per_100g: 290, portions: [] });
    const { user, calls } = await analysePhoto({
      'POST /api/v1/images/analyze-stream/': analysed({ foods: [pizza], food_found: true }),
      'GET /api/v1/foods/search/': ok({ query: 'naan', foods: [flatbread], took_ms: 1, exact: true }),
    });
    const question = within(card()).getByRole('group', { name: 'Is this Pizza?' });
    await user.type(within(question).getByRole('searchbox', { name: 'Something else…' }), 'naan');
    await user.click(within(question).getByRole('button', { name: 'Search' }));
    const results = await within(question).findByRole('list', { name: 'Foods matching “naan”' });
    expect(calls.some((c) => c.path.startsWith('/api/v1/foods/search/?query=naan'))).toBe(true);
    await user.click(within(results).getByRole('button', { name: /^Naan/ }));

    const line = within(within(card()).getByRole('list', { name: 'Recognised foods' })).getByRole('listitem');
    expect(line).toHaveTextContent('Naan');
    // Not the pizza's 220 g: a food with no portion of its own is the default, said as a guess.
    expect(within(line).getByLabelText('Grams of Naan')).toHaveValue(100);
    expect(line).toHaveTextContent('Confirmed by you · about 100 g');
    expect(line).not.toHaveTextContent('slices');
    await user.click(within(card()).getByRole('button', { name: 'Add all to basket' }));
    expect(basketLines()).toEqual([expect.objectContaining({ food: expect.objectContaining({ id: 40 }), quantity: 100 })]);
    await waitFor(() =>
      expect(confirmations(calls)[0]?.body).toEqual(
        expect.objectContaining({ corrections: { foods: [{ food_id: 40, name: 'Naan', name_zh: '馕', grams: 100 }] } }),
      ),
    );
  });

  describe('portions follow the answer (issue 46)', () => {
    /** A steamed bun the recogniser is unsure of, at one bun's grams: "100 g, 1 bun". */
    const bun = {
      name: 'Steamed pork bun', name_zh: '肉包子', food_id: 60, estimated_grams: 100, cooking_method: 'as served',
      portion_description: '1 bun, about 100 g', portion_description_zh: '1 个包子，约 100 克', count: 1,
      count_basis: 'assumed', grams_per_item: 100, learned_examples: null,
      per_100g: per(273), nutrition: per(273),
      validation: { isValid: true, dataQuality: 'usda', issues: [], confidence: 'high' },
      recognition: recognition(0.42, 'unsure', 'dish_model'),
      alternatives: [
        {
          name: 'Sushi platter', name_zh: '寿司拼盘', food_id: 61, score: 0.3, estimated_grams: 240,
          portion_description: '1 plate (8 pieces), about 240 g', portion_description_zh: '1 盘（8 个），约 240 克',
          per_100g: per(150), source: 'dish_model', learned_examples: null, count_basis: null, grams_per_item: null,
        },
      ],
    };
    const platter = makeFood({
      id: 62, name: 'Sushi, assorted', name_zh: '什锦寿司', calories_per_100g: 150,
      portions: [{ grams: 180, name: '1 tray', name_zh: '1 盒' }],
    });
    const nigiri = makeFood({
      id: 63, name: 'Sushi, salmon nigiri', name_zh: '三文鱼握寿司', calories_per_100g: 107,
      portions: [{ grams: 35, name: '1 piece', name_zh: '1 个' }, { grams: 210, name: '6 pieces', name_zh: '6 个' }],
      served_by_item: true,
    });
    const searching = (foods: object[]) => ({
      'POST /api/v1/images/analyze-stream/': analysed({ foods: [bun], food_found: true }),
      'GET /api/v1/foods/search/': ok({ query: 'sushi', foods, took_ms: 1, exact: true }),
    });
    const lineOf = () => within(within(card()).getByRole('list', { name: /^(Recognised foods|识别出的食物)$/ })).getByRole('listitem');

    it('an alternative taken in place of the bun has its own grams and words, not the bun’s', async () => {
      const { user } = await analysePhoto(searching([]));
      const question = within(card()).getByRole('group', { name: 'Is this Steamed pork bun?' });
      expect(question).toHaveTextContent('1 bun, about 100 g');
      await user.click(within(question).getByRole('button', { name: 'Sushi platter' }));
      const line = lineOf();
      expect(within(line).getByLabelText('Grams of Sushi platter')).toHaveValue(240);
      // Its words are the platter's alone; the bun is one tap away, among the alternatives.
      expect(within(line).getByText('Confirmed by you · 1 plate (8 pieces), about 240 g')).toBeVisible();
      expect(within(within(line).getByRole('group', { name: 'Or is it…' })).getByRole('button', { name: 'Steamed pork bun' })).toBeVisible();
      // Not counted: the bun's "How many?" went with it.
      expect(within(line).queryByRole('group', { name: 'How many?' })).toBeNull();
      await user.click(within(card()).getByRole('button', { name: 'Add all to basket' }));
      expect(basketLines()).toEqual([expect.objectContaining({ food: expect.objectContaining({ id: 61 }), quantity: 240 })]);
    });

    it('a food typed under "Something else…" takes its own first portion, said as a guess', async () => {
      const { user } = await analysePhoto(searching([platter]));
      const question = within(card()).getByRole('group', { name: 'Is this Steamed pork bun?' });
      await user.type(within(question).getByRole('searchbox', { name: 'Something else…' }), 'sushi');
      await user.keyboard('{Enter}');
      await user.click(await within(question).findByRole('button', { name: /^Sushi, assorted/ }));
      const line = lineOf();
      expect(within(line).getByLabelText('Grams of Sushi, assorted')).toHaveValue(180);
      expect(within(line).getByText('Confirmed by you · 1 tray, about 180 g')).toBeVisible();
      expect(within(line).queryByRole('group', { name: 'How many?' })).toBeNull();
      await user.click(within(card()).getByRole('button', { name: 'Add all to basket' }));
      expect(basketLines()).toEqual([expect.objectContaining({ food: expect.objectContaining({ id: 62 }), quantity: 180 })]);

      await i18n.changeLanguage('zh');
      expect(lineOf()).toHaveTextContent('1 盒，约 180 克');
    });

    it('a food served by the item typed under "Something else…" is asked how many, its grams following the answer', async () => {
      const { user } = await analysePhoto(searching([nigiri]));
      const question = within(card()).getByRole('group', { name: 'Is this Steamed pork bun?' });
      await user.type(within(question).getByRole('searchbox', { name: 'Something else…' }), 'sushi');
      await user.keyboard('{Enter}');
      await user.click(await within(question).findByRole('button', { name: /^Sushi, salmon nigiri/ }));
      const line = lineOf();
      const count = within(line).getByRole('group', { name: 'How many?' });
      // One piece is a guess: neither its grams nor the bun's show before the answer.
      expect(within(line).queryByLabelText('Grams of Sushi, salmon nigiri')).toBeNull();
      expect(line).not.toHaveTextContent('100');
      await user.click(within(count).getByRole('button', { name: '4+' }));
      const more = within(count).getByLabelText('How many Sushi, salmon nigiri');
      await user.clear(more);
      await user.type(more, '6');
      expect(within(line).getByLabelText('Grams of Sushi, salmon nigiri')).toHaveValue(210);
      expect(line).toHaveTextContent('6, as you said');
    });
  });

  it('says when the photo has no food, and lets the person find it', async () => {
    const rice = makeFood({ id: 12, name: 'Rice, cooked', name_zh: '米饭', calories_per_100g: 130, portions: [{ grams: 150, name: '1 bowl', name_zh: '1 碗' }] });
    const { user } = await analysePhoto({
      // The server's guesses are not listed when it says there is no food.
      'POST /api/v1/images/analyze-stream/': analysed({ foods: [mystery], food_found: false, memory: null, plate_warning: null }),
      'GET /api/v1/foods/search/': ok({ query: 'rice', foods: [rice], took_ms: 1, exact: true }),
    });
    expect(within(card()).getAllByText('No food found in this photo')[0]).toBeVisible();
    expect(within(card()).queryByRole('list', { name: 'Recognised foods' })).toBeNull();
    expect(within(card()).queryByRole('button', { name: 'Add all to basket' })).toBeNull();

    await user.type(within(card()).getByRole('searchbox', { name: 'Find the food' }), 'rice');
    await user.keyboard('{Enter}');
    await user.click(await within(card()).findByRole('button', { name: /^Rice, cooked/ }));
    const line = within(within(card()).getByRole('list', { name: 'Recognised foods' })).getByRole('listitem');
    expect(within(line).getByLabelText('Grams of Rice, cooked')).toHaveValue(150);
    expect(line).toHaveTextContent('1 bowl, about 150 g');
    await user.click(within(card()).getByRole('button', { name: 'Add all to basket' }));
    expect(await screen.findByText('Added 1 food to the basket')).toBeVisible();
    expect(basketLines()).toEqual([expect.objectContaining({ food: expect.objectContaining({ id: 12 }), quantity: 150 })]);
  });

  it('offers an earlier meal first, and logs it again in one tap', async () => {
    const year = new Date().getFullYear();
    const braised = { food_id: 34, name: '红烧肉', name_zh: '红烧肉', grams: 250, per_100g: per(470) };
    const { user, calls } = await analysePhoto({
      'POST /api/v1/images/analyze-stream/': analysed({
        foods: [{ ...pizza, recognition: recognition(0.55, 'likely', 'dish_model') }],
        food_found: true,
        memory: { image_id: 2, eaten_at: `${year}-11-12T12:30:00`, similarity: 0.93, foods: [braised] },
        plate_warning: null,
      }),
    });
    const offer = within(card()).getByRole('group', { name: 'Like your 红烧肉 of Nov 12 — 250 g?' });
    const foods = within(card()).getByRole('list', { name: 'Recognised foods' });
    // First: before the photo's own foods.
    expect(offer.compareDocumentPosition(foods) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(within(offer).getByRole('button', { name: 'Yes, same again' }));
    expect(await screen.findByText('Added 1 food to the basket')).toBeVisible();
    expect(basketLines()).toEqual([expect.objectContaining({ food: expect.objectContaining({ id: 34 }), quantity: 250 })]);
    expect(within(card()).queryByRole('group', { name: /^Like your/ })).toBeNull();
    const line = within(within(card()).getByRole('list', { name: 'Recognised foods' })).getByRole('listitem');
    expect(line).toHaveTextContent('红烧肉');
    expect(line).toHaveTextContent('Like your meal of Nov 12');
    await waitFor(() =>
      expect(confirmations(calls)[0]?.body).toEqual({
        image_id: 5,
        is_confirmed: true,
        corrections: { foods: [{ food_id: 34, name: '红烧肉', name_zh: '红烧肉', grams: 250 }] },
      }),
    );
  });

  it('warns when the portions are more than a plate holds', async () => {
    await analysePhoto({
      'POST /api/v1/images/analyze-stream/': analysed({
        foods: [{ ...banana, estimated_grams: 1800 }],
        food_found: true,
        plate_warning: { total_grams: 1800, total_calories: 1602 },
      }),
    });
    expect(within(card()).getAllByText(/That is more than one plate usually holds — check the portions/)[0]).toBeVisible();
  });

  it('adds to the basket even when the confirmation fails, and says nothing of it', async () => {
    const { user, calls } = await analysePhoto({
      'POST /api/v1/images/analyze-stream/': analysed({ foods: [banana], food_found: true }),
      'POST /api/v1/images/confirm/': failure(500, 'database is down'),
    });
    await user.click(within(card()).getByRole('button', { name: 'Add all to basket' }));
    expect(await screen.findByText('Added 1 food to the basket')).toBeVisible();
    await waitFor(() => expect(confirmations(calls)).toHaveLength(1));
    expect(basketLines()).toHaveLength(1);
    expect(screen.queryByText('database is down')).toBeNull();
  });

  it('shows a result stored before recognition certainty existed, and adds it as before', async () => {
    // As the dashboard stored it: no recognition, alternatives, count or findings.
    const { recognition: _r, alternatives: _a, count: _c, portion_description_zh: _z, ...legacy } = pizza;
    localStorage.setItem('dashboardImageId', '3');
    localStorage.setItem('dashboardEstimatedPortions', JSON.stringify([{ food: { ...legacy, portion_description: '2 × 1 slice' }, grams: 214 }]));
    localStorage.setItem('dashboardNutritionData', JSON.stringify({ nutrition_data: [legacy] }));
    const { user, calls } = openDashboard();
    const foods = await within(await screen.findByRole('region', { name: 'Photo recognition' })).findByRole('list', { name: 'Recognised foods' });
    const line = within(foods).getByRole('listitem');
    expect(line).toHaveTextContent('Pizza');
    expect(line).toHaveTextContent('2 × 1 slice · baked · USDA data');
    expect(line).not.toHaveTextContent(/Looks like|Probably|Maybe|Is this/);
    expect(within(card()).queryByRole('group')).toBeNull();
    await user.click(within(card()).getByRole('button', { name: 'Add all to basket' }));
    expect(await screen.findByText('Added 1 food to the basket')).toBeVisible();
    expect(basketLines()).toEqual([expect.objectContaining({ food: expect.objectContaining({ id: 9 }), quantity: 214 })]);
    await waitFor(() =>
      expect(confirmations(calls)[0]?.body).toEqual(
        expect.objectContaining({ image_id: 3, corrections: { foods: [{ food_id: 9, name: 'Pizza', name_zh: '披萨', grams: 214 }] } }),
      ),
    );
  });

  it('says when the photo has no food even from an older server', async () => {
    await analysePhoto({
      'POST /api/v1/images/analyze-stream/': stream([{ step: 'complete', progress: 100, message: 'done', foods: [] }]),
    });
    expect(within(card()).getAllByText('No food found in this photo')[0]).toBeVisible();
    expect(within(card()).getByRole('searchbox', { name: 'Find the food' })).toBeVisible();
  });
});

describe('an analysis runs on the workers, whoever listens', () => {
  /** Events with the ids the server gives them (they grow across an image's analyses). */
  const numbered = (first: number, events: object[]): MockReply => ({
    text: events.map((e, i) => `id: ${first + i}\ndata: ${JSON.stringify(e)}\n\n`).join(''),
    headers: { 'Content-Type': 'text/event-stream' },
  });
  const [start, detection, detected, portions, complete] = steps;
  const cancelledEvent = {
    step: 'error',
    progress: 100,
    message: 'Analysis cancelled by user',
    error: { message: 'Analysis cancelled by user', code: 'CANCELLED' },
  };
  const pending = () => JSON.parse(localStorage.getItem('dashboardPendingAnalysis') ?? 'null') as Record<string, unknown> | null;
  const progressBar = () => within(card()).queryByRole('progressbar', { name: /^(Analysis progress|识别进度)$/ });
  const leftPending = (lastEventId: string | null) =>
    localStorage.setItem('dashboardPendingAnalysis', JSON.stringify({ imageId: 5, preview: 'data:image/jpeg;base64,AAAA', lastEventId }));

  /** Opens the dashboard and starts an analysis whose stream the test writes. */
  async function startAnalysis(routes: Record<string, Route> = {}) {
    const live = liveEventStream();
    const opened = openDashboard({
      'POST /api/v1/images/analyze-stream/': () => {
        live.send(11, start as object);
        live.send(12, detection as object);
        return live.reply;
      },
      ...routes,
    });
    await screen.findByRole('region', { name: cardName });
    await opened.user.upload(within(card()).getByLabelText('Choose a photo of your meal'), photo());
    await opened.user.click(within(card()).getByRole('button', { name: 'Upload and analyse' }));
    expect(await within(card()).findByText('40% · Detecting foods')).toBeVisible();
    return { ...opened, live };
  }

  it('keeps the analysis as pending from the upload on, with the last event seen', async () => {
    await startAnalysis();
    expect(progressBar()).toHaveAttribute('value', '40');
    expect(pending()).toMatchObject({ imageId: 5, lastEventId: '12' });
  });

  it('Cancel asks the server to stop it; the stream then ends it as cancelled, not failed', async () => {
    const { user, calls, live } = await startAnalysis({
      'POST /api/v1/images/5/cancel/': () => {
        live.send(13, cancelledEvent);
        live.end();
        return ok({ cancelled: true });
      },
    });
    await user.click(within(card()).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Image analysis cancelled')).toBeVisible();
    await waitFor(() => expect(progressBar()).toBeNull());
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/images/5/cancel/')).toHaveLength(1);
    expect(within(card()).queryByRole('alert')).toBeNull();
    expect(within(card()).queryByText('Analysis cancelled by user')).toBeNull();
    expect(within(card()).getByRole('button', { name: 'Upload and analyse' })).toBeEnabled();
    expect(pending()).toBeNull();
  });

  it('leaving the page stops only the reading: nothing is cancelled, the analysis stays pending', async () => {
    const { calls, live, unmount } = await startAnalysis();
    unmount();
    await waitFor(() => expect(live.readerLeft).toBe(true));
    expect(calls.some((c) => c.path.includes('/cancel/'))).toBe(false);
    expect(pending()).toMatchObject({ imageId: 5, lastEventId: '12' });
  });

  it('finds a pending analysis again on return, follows it after the last event seen, and shows its result', async () => {
    leftPending('12');
    const { calls } = openDashboard({
      'GET /api/v1/images/5/events/': numbered(13, [detected as object, portions as object, complete as object]),
    });
    const foods = await within(await screen.findByRole('region', { name: cardName })).findByRole('list', { name: 'Recognised foods' });
    expect(within(foods).getAllByRole('listitem')[0]).toHaveTextContent('Looks like Banana — 86%');
    expect(within(card()).getByRole('img', { name: 'The analysed photo' })).toHaveAttribute('src', 'data:image/jpeg;base64,AAAA');
    expect(await screen.findByText(/^The nutrition values of Mystery stew are estimates/)).toBeVisible();
    const followed = calls.filter((c) => c.path === '/api/v1/images/5/events/');
    expect(followed).toHaveLength(1);
    expect(followed[0]?.headers.get('Last-Event-ID')).toBe('12');
    // Found again, never started again.
    expect(calls.some((c) => c.path === '/api/v1/images/analyze-stream/')).toBe(false);
    expect(pending()).toBeNull();
    expect(localStorage.getItem('dashboardImageId')).toBe('5');
  });

  it('shows the progress of an analysis still running when the page comes back', async () => {
    leftPending(null);
    const live = liveEventStream();
    openDashboard({
      'GET /api/v1/images/5/events/': () => {
        live.send(11, start as object);
        live.send(12, detection as object);
        return live.reply;
      },
    });
    expect(await within(await screen.findByRole('region', { name: cardName })).findByText('40% · Detecting foods')).toBeVisible();
    expect(within(card()).getByRole('button', { name: 'Upload and analyse' })).toBeDisabled();
    live.send(13, complete as object);
    live.end();
    expect(await within(card()).findByRole('list', { name: 'Recognised foods' })).toBeVisible();
    expect(progressBar()).toBeNull();
  });

  it('finds it again once under StrictMode, whose effects run twice', async () => {
    leftPending('12');
    const { calls } = mockFetch({
      'GET /api/v1/auth/user/': ok(ann),
      'GET /api/v1/meals/daily-summary/': failure(500),
      'GET /api/v1/images/list/': ok({ images: [], total: 0 }),
      'GET /api/v1/images/5/events/': () => numbered(13, [complete as object]),
    });
    rememberSession(ann);
    renderApp('/dashboard', { strict: true });
    const foods = await within(await screen.findByRole('region', { name: cardName })).findByRole('list', { name: 'Recognised foods' });
    expect(within(foods).getAllByRole('listitem')).toHaveLength(2);
    // Every listener resumed after the last event seen; the result was shown once.
    const followed = calls.filter((c) => c.path === '/api/v1/images/5/events/');
    expect(followed.map((c) => c.headers.get('Last-Event-ID'))).toEqual(followed.map(() => '12'));
    expect(await screen.findByText(/^The nutrition values of Mystery stew are estimates/)).toBeVisible();
    expect(screen.queryByText(/Shown \d+ times/)).toBeNull();
    expect(pending()).toBeNull();
  });

  it('reads the result of an analysis that ended while nobody listened (204)', async () => {
    leftPending('15');
    const { calls } = openDashboard({
      'GET /api/v1/images/5/events/': { status: 204 },
      'GET /api/v1/images/5/results/': ok({
        image_id: 5,
        processing_status: 'completed',
        keywords: ['banana'],
        results: [banana],
        stage_3: { nutrition_data: [banana], food_found: true, memory: null, plate_warning: null },
        food_found: true,
        memory: null,
        plate_warning: null,
        error: null,
      }),
    });
    const foods = await within(await screen.findByRole('region', { name: cardName })).findByRole('list', { name: 'Recognised foods' });
    expect(within(foods).getByRole('listitem')).toHaveTextContent('Looks like Banana — 86%');
    expect(calls.filter((c) => c.path === '/api/v1/images/5/events/')[0]?.headers.get('Last-Event-ID')).toBe('15');
    expect(pending()).toBeNull();
  });

  it('forgets a pending analysis the server does not know', async () => {
    leftPending('3');
    openDashboard({ 'GET /api/v1/images/5/events/': failure(404, 'Image not found', 'IMAGE_NOT_FOUND') });
    await screen.findByRole('region', { name: cardName });
    await waitFor(() => expect(pending()).toBeNull());
    expect(progressBar()).toBeNull();
    expect(within(card()).queryByRole('alert')).toBeNull();
    expect(within(card()).queryByText('Image not found')).toBeNull();
  });

  it('reconnects with Last-Event-ID when the stream drops mid-way (a train tunnel)', async () => {
    const { calls } = await analysePhoto({
      // The connection goes after two events.
      'POST /api/v1/images/analyze-stream/': numbered(21, [start as object, detection as object]),
      'GET /api/v1/images/5/events/': numbered(23, [detected as object, portions as object, complete as object]),
    });
    const foods = await within(card()).findByRole('list', { name: 'Recognised foods' });
    expect(within(foods).getAllByRole('listitem')).toHaveLength(2);
    const resumed = calls.filter((c) => c.path === '/api/v1/images/5/events/');
    expect(resumed).toHaveLength(1);
    expect(resumed[0]?.headers.get('Last-Event-ID')).toBe('22');
    expect(calls.filter((c) => c.path === '/api/v1/images/analyze-stream/')).toHaveLength(1);
    expect(within(card()).queryByRole('alert')).toBeNull();
  });

  it('shows a photo being analysed as running in the history, and asks again while it runs', async () => {
    await i18n.changeLanguage('zh');
    const running = { id: 8, image_id: 8, processing_status: 'processing', keywords: [], keywords_zh: [], awaiting_answer: false, notes: null, width: 10, height: 10, confirmed: false, meal_id: null, created_at: '2026-11-20T08:00:00Z' };
    const { calls } = openDashboard({ 'GET /api/v1/images/list/': ok({ images: [running], total: 1 }) });
    const history = await screen.findByRole('heading', { name: '最近的识别' });
    expect(history.parentElement).toHaveTextContent('识别中…');
    await waitFor(
      () => expect(calls.filter((c) => c.path.startsWith('/api/v1/images/list/')).length).toBeGreaterThan(1),
      { timeout: 4500 },
    );
  }, 10_000);

  const listed = (id: number, fields: object) => ({
    id, image_id: id, processing_status: 'completed', keywords: [], keywords_zh: [], awaiting_answer: false,
    notes: null, width: 10, height: 10, confirmed: false, meal_id: null, created_at: '2026-11-20T08:00:00Z', ...fields,
  });

  for (const [language, waiting, names, cancelled] of [
    ['en', 'Waiting for your answer', 'Banana, Fried rice', 'Cancelled'],
    ['zh', '等你确认', '香蕉、炒饭', '已取消'],
  ] as const) {
    it(`names the history's foods in the reader's language, and a photo whose only food is a question as waiting (${language})`, async () => {
      await i18n.changeLanguage(language);
      openDashboard({
        'GET /api/v1/images/list/': ok({
          images: [
            listed(3, { awaiting_answer: true }),
            listed(2, { keywords: ['Banana', 'Fried rice'], keywords_zh: ['香蕉', '炒饭'], confirmed: true }),
            // Issue 47: a cancelled analysis named nothing, whatever its notes said.
            listed(1, { processing_status: 'cancelled', keywords: ['Cake'], keywords_zh: ['蛋糕'] }),
          ],
          total: 3,
        }),
      });
      const history = (await screen.findByRole('heading', { name: /^(Recent recognitions|最近的识别)$/ })).parentElement as HTMLElement;
      const entries = within(history).getAllByRole('listitem');
      expect(entries[0]).toHaveTextContent(waiting);
      expect(entries[1]).toHaveTextContent(names);
      expect(entries[2]).toHaveTextContent(cancelled);
      expect(entries[2]).not.toHaveTextContent(/Cake|蛋糕/);
    });
  }

  it('shows the photo on the card in the history as the card has it: waiting, then named once answered', async () => {
    let history = [listed(5, { awaiting_answer: true })];
    const { user } = await analysePhoto({
      'POST /api/v1/images/analyze-stream/': analysed({ foods: [pizza], food_found: true, memory: null, plate_warning: null }),
      'GET /api/v1/images/list/': () => ok({ images: history, total: 1 }),
    });
    const entry = async () =>
      within((await screen.findByRole('heading', { name: 'Recent recognitions' })).parentElement as HTMLElement).getByRole('listitem');
    expect(await entry()).toHaveTextContent('Waiting for your answer');
    await user.click(within(card()).getByRole('button', { name: 'Add all to basket' }));
    expect(await screen.findByText('1 waits for your answer', { selector: '.toast-message' })).toBeVisible();

    await user.click(within(card()).getByRole('button', { name: 'Yes' }));
    expect(screen.queryByText(/waits for your answer/)).toBeNull();
    expect(await entry()).toHaveTextContent('Pizza');
    history = [listed(5, { keywords: ['Pizza'], keywords_zh: ['披萨'], confirmed: true })];
  });
});

describe('what issue 34 asks of the person: one tap on an alternative, and how many', () => {
  const dumplings = { ...alternative('Dumplings', '饺子', 31, 200, 0.35), source: 'learned', learned_examples: 1 };
  const noodles = { ...alternative('Noodles', '面条', 32, 300, 0.2), source: 'dish_model', learned_examples: null };
  const buns = { ...alternative('Steamed buns', '包子', 33, 150, 0.1), source: 'dish_model', learned_examples: null };
  /** A dish the recogniser thinks probable, shown as a line, with three other guesses. */
  const stew = { ...mystery, food_id: 30, alternatives: [dumplings, noodles, buns] };

  it('offers a probable food’s three alternatives under it; one tap takes one in place, and the guess becomes one', async () => {
    const { user, calls } = await analysePhoto({
      'POST /api/v1/images/analyze-stream/': analysed({ foods: [stew], food_found: true, memory: null, plate_warning: null }),
    });
    let line = within(within(card()).getByRole('list', { name: 'Recognised foods' })).getByRole('listitem');
    expect(line).toHaveTextContent('Probably Mystery stew — 62%');
    const choices = within(line).getByRole('group', { name: 'Or is it…' });
    const buttons = within(choices).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['DumplingsFrom your earlier photos', 'Noodles', 'Steamed buns']);
    expect(within(choices).getByRole('button', { name: 'Dumplings', description: 'From your earlier photos' })).toBeVisible();
    // The grams stay in reach beside the choices.
    expect(within(line).getByLabelText('Grams of Mystery stew')).toHaveValue(100);

    await user.click(within(choices).getByRole('button', { name: 'Noodles' }));
    line = within(within(card()).getByRole('list', { name: 'Recognised foods' })).getByRole('listitem');
    expect(line).toHaveTextContent('Noodles');
    expect(line).toHaveTextContent('Confirmed by you');
    expect(line).not.toHaveTextContent('Probably');
    expect(within(line).getByLabelText('Grams of Noodles')).toHaveValue(300);
    expect(within(line).getByText('Noodles', { selector: 'strong' })).toHaveFocus();
    // The replaced guess is one tap away in turn, first.
    const after = within(within(line).getByRole('group', { name: 'Or is it…' })).getAllByRole('button');
    expect(after.map((button) => button.textContent)).toEqual(['Mystery stew', 'DumplingsFrom your earlier photos', 'Steamed buns']);

    await user.click(within(card()).getByRole('button', { name: 'Add all to basket' }));
    expect(await screen.findByText('Added 1 food to the basket')).toBeVisible();
    expect(basketLines()).toEqual([expect.objectContaining({ food: expect.objectContaining({ id: 32 }), quantity: 300 })]);
    await waitFor(() => expect(confirmations(calls)).toHaveLength(1));
    expect(confirmations(calls)[0]?.body).toEqual({
      image_id: 5,
      is_confirmed: true,
      corrections: { foods: [{ food_id: 32, name: 'Noodles', name_zh: '面条', grams: 300 }] },
    });
    // In the basket: nothing left to choose.
    expect(within(line).queryByRole('group', { name: 'Or is it…' })).toBeNull();
  });

  it('asks about an unsure food with its three alternatives, saying which one this user’s photos taught', async () => {
    const { user } = await analysePhoto({
      'POST /api/v1/images/analyze-stream/': analysed({
        foods: [{ ...pizza, alternatives: [dumplings, noodles, buns] }], food_found: true,
      }),
    });
    const question = within(card()).getByRole('group', { name: 'Is this Pizza?' });
    expect(within(question).getByRole('button', { name: 'Dumplings', description: 'From your earlier photos' })).toBeVisible();
    expect(within(question).getByRole('button', { name: 'Noodles' })).toBeVisible();
    expect(within(question).getByRole('button', { name: 'Steamed buns' })).toBeVisible();
    // One tap answers it.
    await user.click(within(question).getByRole('button', { name: 'Dumplings' }));
    const line = within(within(card()).getByRole('list', { name: 'Recognised foods' })).getByRole('listitem');
    expect(within(line).getByLabelText('Grams of Dumplings')).toHaveValue(200);
    expect(within(within(line).getByRole('group', { name: 'Or is it…' })).getAllByRole('button')[0]).toHaveTextContent('Pizza');
  });

  it('says a guess this user’s photos taught beside its certainty, in English and Chinese', async () => {
    const learned = { ...stew, recognition: recognition(0.64, 'likely', 'learned'), learned_examples: 2 };
    await analysePhoto({
      'POST /api/v1/images/analyze-stream/': analysed({ foods: [learned], food_found: true }),
    });
    let line = within(card()).getByRole('listitem');
    expect(line).toHaveTextContent('Probably Mystery stew — 64%');
    expect(line).toHaveTextContent('From your earlier photos · 100 g');

    await i18n.changeLanguage('zh');
    line = within(card()).getByRole('listitem');
    expect(line).toHaveTextContent('来自你之前的照片');
    expect(within(line).getByRole('group', { name: '还是…' })).toBeVisible();
  });

  const pancake = {
    name: 'Pancake', name_zh: '煎饼', food_id: 50, estimated_grams: 40, cooking_method: 'as served',
    portion_description: '1 pancake (4 in), about 40 g', portion_description_zh: '1 张煎饼，约 40 克', count: 1,
    count_basis: 'assumed', grams_per_item: 40, learned_examples: null,
    per_100g: per(227), nutrition: per(91),
    validation: { isValid: true, dataQuality: 'usda', issues: [], confidence: 'high' },
    recognition: recognition(0.9, 'sure'), alternatives: [],
  };

  it('asks how many of a countable food nobody counted: no grams until answered, then the grams follow, "4+" opens a number', async () => {
    const { user } = await analysePhoto({
      'POST /api/v1/images/analyze-stream/': analysed({ foods: [pancake], food_found: true }),
    });
    const line = within(card()).getByRole('listitem');
    const question = within(line).getByRole('group', { name: 'How many?' });
    expect(within(question).getAllByRole('button').map((b) => b.textContent)).toEqual(['1', '2', '3', '4+']);
    // The server's one pancake is a guess: neither its grams nor its words show as a fact.
    expect(within(line).queryByLabelText('Grams of Pancake')).toBeNull();
    expect(line).not.toHaveTextContent('1 pancake');
    expect(within(card()).getByText('1 waits for your answer')).toBeVisible();
    await user.click(within(card()).getByRole('button', { name: 'Add all to basket' }));
    expect(basketLines()).toEqual([]);

    await user.click(within(question).getByRole('button', { name: '3' }));
    expect(within(question).getByRole('button', { name: '3' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(line).getByLabelText('Grams of Pancake')).toHaveValue(120);
    expect(line).toHaveTextContent('3, as you said');
    expect(within(card()).queryByText('1 waits for your answer')).toBeNull();

    await user.click(within(question).getByRole('button', { name: '4+' }));
    const more = within(question).getByLabelText('How many Pancake');
    expect(more).toHaveFocus();
    expect(more).toHaveValue(4);
    expect(within(line).getByLabelText('Grams of Pancake')).toHaveValue(160);
    await user.clear(more);
    await user.type(more, '6');
    expect(within(line).getByLabelText('Grams of Pancake')).toHaveValue(240);
    expect(line).toHaveTextContent('6, as you said');

    await user.click(within(card()).getByRole('button', { name: 'Add all to basket' }));
    expect(basketLines()).toEqual([expect.objectContaining({ food: expect.objectContaining({ id: 50 }), quantity: 240 })]);
    expect(within(line).queryByRole('group', { name: 'How many?' })).toBeNull();
  });

  it('says how many the detector counted, in English and Chinese, and asks in Chinese', async () => {
    await analysePhoto({
      'POST /api/v1/images/analyze-stream/': analysed({
        foods: [
          { ...pancake, count: 4, count_basis: 'counted', estimated_grams: 160, portion_description: '4 pancakes, about 160 g' },
          { ...pancake, name: 'Egg', name_zh: '鸡蛋', food_id: 51 },
        ],
        food_found: true,
      }),
    });
    let lines = within(card()).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('4 counted');
    expect(within(lines[0] as HTMLElement).queryByRole('group', { name: 'How many?' })).toBeNull();
    expect(within(lines[0] as HTMLElement).getByLabelText('Grams of Pancake')).toHaveValue(160);

    await i18n.changeLanguage('zh');
    lines = within(card()).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('数到 4 个');
    expect(within(lines[1] as HTMLElement).getByRole('group', { name: '有几个？' })).toBeVisible();
  });

  it('offers a pizza that looks whole as whole and asks the slices eaten, in English and Chinese', async () => {
    const pizza = {
      ...pancake,
      name: 'Pizza, cheese', name_zh: '芝士披萨', food_id: 52, estimated_grams: 855, count: 8, count_basis: 'whole',
      grams_per_item: 107, portion_description: 'a whole one (8 slices), about 855 g',
      portion_description_zh: '整个（8 块），约 855 克', per_100g: per(266), nutrition: per(2274),
    };
    const { user } = await analysePhoto({
      'POST /api/v1/images/analyze-stream/': analysed({ foods: [pizza], food_found: true }),
    });
    const line = within(card()).getByRole('listitem');
    // The box's shape is a guess: said as one, and nothing is added before the answer.
    expect(line).toHaveTextContent('Looks whole: 8 slices');
    const question = within(line).getByRole('group', { name: 'How many slices did you eat?' });
    expect(within(question).getAllByRole('button').map((b) => b.textContent)).toEqual(['Whole (8)', '1', '2', '3', '4+']);
    expect(within(line).queryByLabelText('Grams of Pizza, cheese')).toBeNull();

    await user.click(within(question).getByRole('button', { name: '2' }));
    expect(within(line).getByLabelText('Grams of Pizza, cheese')).toHaveValue(214);
    expect(line).toHaveTextContent('2 slices, as you said');
    await user.click(within(question).getByRole('button', { name: 'Whole (8)' }));
    expect(within(question).getByRole('button', { name: 'Whole (8)' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(line).getByLabelText('Grams of Pizza, cheese')).toHaveValue(856);

    await i18n.changeLanguage('zh');
    const zh = within(card()).getByRole('listitem');
    expect(within(zh).getByRole('group', { name: '吃了几块？' })).toBeVisible();
    expect(within(zh).getByRole('button', { name: '整个（8 块）' })).toHaveAttribute('aria-pressed', 'true');
    expect(zh).toHaveTextContent('你说吃了 8 块');
  });
});
