import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptedReply, jobEvent, liveEventStream, mockFetch, rememberSession, type MockCall, type MockReply } from '@/testing/fetch-mock';
import { failure, makeFood, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';
import { i18n } from '@/lib/i18n';

type Route = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

const ann = { id: 1, username: 'ann', nickname: 'Ann' };
const ingredients =
  'peanuts, sugar, honey, corn syrup, salt, modified food starch, xanthan gum, sea salt, natural flavour, vitamin E';

const peanuts = makeFood({
  id: 42,
  name: 'Honey Roasted Peanuts',
  name_zh: null,
  pinyin: null,
  brand: 'Test Brand',
  barcode: '0070097025088',
  nutrition_grade: 'D',
  calories_per_100g: 590,
  protein_per_100g: 24,
  fat_per_100g: 46,
  carbs_per_100g: 25,
  fiber_per_100g: 8,
  sugar_per_100g: 14,
  sodium_per_100g: 450,
  portions: [],
  data_source: 'openfoodfacts',
  ingredients,
});

const upc = { data: '0070097025088', formatted_data: '0 70097 02508 8', type: 'UPC', text: '070097025088', is_food: true };
const qr = { data: 'https://example.com', formatted_data: 'https://example.com', type: 'QR_CODE', text: 'https://example.com', is_food: false };

const analysis = (fields: object = {}) =>
  ok({
    image_id: 9,
    barcodes: [upc],
    food_barcodes_only: [upc],
    foods: [{ barcode: upc.data, food: peanuts, is_existing: false }],
    missing: [],
    ...fields,
  });

function openDialog(routes: Record<string, Route> = {}) {
  const mock = mockFetch({
    'GET /api/v1/auth/user/': ok(ann),
    'GET /api/v1/meals/daily-summary/': failure(500),
    'GET /api/v1/images/list/': ok({ images: [], total: 0 }),
    'POST /api/v1/images/upload/': { status: 201, body: { success: true, data: { id: 9, image_id: 9, processing_status: 'uploaded', keywords: [] } } },
    'POST /api/v1/images/analyze-with-barcode/': analysis(),
    ...routes,
  });
  rememberSession(ann);
  return { ...mock, ...renderApp('/dashboard?mode=barcode') };
}

const dialog = () => screen.findByRole('dialog', { name: 'Barcode recognition' });
const photo = (type = 'image/png', size = 1000) => new File([new Uint8Array(size)], 'label.png', { type });
const OVER_10_MB = 10 * 1024 * 1024 + 1;

// jsdom lays nothing out and has no scrollIntoView; an error asks for it to be seen.
const scrolledTo = vi.fn<(this: Element) => void>();
beforeEach(() => {
  scrolledTo.mockReset();
  Element.prototype.scrollIntoView = scrolledTo;
});

/** The browser's drawing of a `width` × `height` photo, which jsdom has not; the JPEG drawn is `jpegBytes`. */
function drawablePhotos(width: number, height: number, jpegBytes = 400_000) {
  const drawImage = vi.fn();
  vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width, height, close: vi.fn() })));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done, type) =>
    done(new Blob([new Uint8Array(jpegBytes)], { type: type ?? 'image/png' })),
  );
  return drawImage;
}

/** The files the app put in an upload's form, as it sent them. */
function uploadedFiles() {
  const append = vi.spyOn(FormData.prototype, 'append');
  return () => append.mock.calls.filter(([name]) => name === 'image').map(([, value]) => value as File);
}

/** Whether `a` comes before `b` on the page, as a person reading down it meets them. */
const before = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

async function scanPhoto(user: ReturnType<typeof openDialog>['user']) {
  const box = await dialog();
  await user.upload(within(box).getByLabelText('Choose a photo of a barcode'), photo());
  await user.click(within(box).getByRole('button', { name: 'Upload and scan' }));
  return box;
}

describe('the barcode dialog', () => {
  it('uploads a photo and lists its barcodes and foods, per 100 g', async () => {
    const { user, calls } = openDialog();
    const box = await scanPhoto(user);

    const barcodes = await within(box).findByRole('list', { name: 'Detected barcodes' });
    expect(within(barcodes).getByRole('listitem')).toHaveTextContent('0 70097 02508 8');
    expect(within(barcodes).getByRole('listitem')).toHaveTextContent('UPC');
    const food = within(within(box).getByRole('list', { name: 'Foods found' })).getByRole('listitem');
    expect(food).toHaveTextContent('Honey Roasted Peanuts');
    expect(food).toHaveTextContent('Test Brand');
    expect(food).toHaveTextContent('Nutrition grade D');
    expect(food).toHaveTextContent('New');
    for (const fact of ['Calories590 kcal', 'Protein24 g', 'Fat46 g', 'Carbs25 g', 'Fiber8 g', 'Sugar14 g', 'Sodium450 mg']) {
      expect(food).toHaveTextContent(fact);
    }
    expect(food).toHaveTextContent('Barcode0070097025088');
    expect(food).toHaveTextContent('SourceOpen Food Facts');
    expect(within(food).getByText(`${ingredients.slice(0, 100).trimEnd()}…`)).toBeVisible();
    expect(food).not.toHaveTextContent(ingredients);

    expect(calls.find((c) => c.path === '/api/v1/images/upload/')?.method).toBe('POST');
    expect(calls.find((c) => c.path === '/api/v1/images/analyze-with-barcode/')?.body).toEqual({ image_id: 9 });
    // The dashboard keeps the foods of the last scan.
    expect(JSON.parse(localStorage.getItem('dashboardBarcodeFoods') ?? '[]')).toEqual([
      expect.objectContaining({ barcode: '0070097025088', food: expect.objectContaining({ id: 42 }) }),
    ]);
  });

  it('shows how a scan the server finishes on its workers (202) goes, then its foods', async () => {
    const live = liveEventStream();
    const { user, calls } = openDialog({
      'POST /api/v1/images/analyze-with-barcode/': acceptedReply('jb'),
      'GET /api/v1/jobs/jb/events/': () => {
        live.send(1, jobEvent('jb', 1, 'running', { step: 'barcode_detection', progress: 10, message: 'Reading barcodes' }));
        return live.reply;
      },
      'GET /api/v1/jobs/jb/result/': analysis(),
    });
    const box = await scanPhoto(user);
    expect(await within(box).findByText('10% · Reading barcodes')).toBeVisible();
    expect(within(box).getByRole('progressbar', { name: 'Reading barcodes…' })).toHaveAttribute('value', '10');
    live.send(2, jobEvent('jb', 2, 'running', { step: 'barcode_lookup', progress: 30, message: 'Asking OpenFoodFacts' }));
    expect(await within(box).findByText('30% · Looking up the product')).toBeVisible();
    live.send(3, jobEvent('jb', 3, 'completed'));
    live.end();
    const food = within(await within(box).findByRole('list', { name: 'Foods found' })).getByRole('listitem');
    expect(food).toHaveTextContent('Honey Roasted Peanuts');
    expect(within(box).queryByRole('progressbar')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/v1/images/analyze-with-barcode/')).toHaveLength(1);
  });

  it('reports a product no database knows the same way after a 202', async () => {
    const { user } = openDialog({
      'POST /api/v1/images/analyze-with-barcode/': acceptedReply('jb'),
      'GET /api/v1/jobs/jb/events/': {
        text: `id: 4\ndata: ${JSON.stringify(jobEvent('jb', 4, 'failed', { error: { message: 'Barcode detection failed on the worker', code: 'JOB_FAILED' } }))}\n\n`,
        headers: { 'Content-Type': 'text/event-stream' },
      },
    });
    const box = await scanPhoto(user);
    expect(await within(box).findByRole('alert')).toHaveTextContent('Barcode detection failed: Barcode detection failed on the worker');
  });

  it('shows the product image when there is one and marks a food already stored', async () => {
    const { user } = openDialog({
      'POST /api/v1/images/analyze-with-barcode/': analysis({
        foods: [{ barcode: upc.data, food: { ...peanuts, image_url: 'https://images.example/peanuts.jpg' }, is_existing: true }],
      }),
    });
    const box = await scanPhoto(user);
    expect(await within(box).findByRole('img', { name: 'Package of Honey Roasted Peanuts' })).toHaveAttribute(
      'src',
      'https://images.example/peanuts.jpg',
    );
    expect(within(box).getByRole('list', { name: 'Foods found' })).toHaveTextContent('Already in your foods');
  });

  it('adds 100 g of a food to the basket', async () => {
    const { user } = openDialog();
    const box = await scanPhoto(user);
    const foods = await within(box).findByRole('list', { name: 'Foods found' });
    await user.click(within(foods).getByRole('button', { name: 'Add to basket' }));
    expect(await screen.findByText('Added 100 g Honey Roasted Peanuts to the basket')).toBeVisible();
    const basket = JSON.parse(localStorage.getItem('mealCart') ?? '[]') as unknown[];
    expect(basket).toEqual([expect.objectContaining({ food: expect.objectContaining({ id: 42 }), quantity: 100 })]);
  });

  it('asks for an image before any call', async () => {
    const { user, calls } = openDialog();
    const box = await dialog();
    await user.click(within(box).getByRole('button', { name: 'Upload and scan' }));
    expect(within(box).getByRole('alert')).toHaveTextContent('Please choose an image first');
    expect(calls.some((c) => c.path === '/api/v1/images/upload/')).toBe(false);
  });

  it('says a file that is not a photo is not one, also when the button is pressed, before any call', async () => {
    const { user, calls } = openDialog();
    const box = await dialog();
    const input = within(box).getByLabelText('Choose a photo of a barcode');
    // The picker filters by type; a file dropped in or picked with "All files" is not.
    fireEvent.change(input, { target: { files: [photo('application/pdf')] } });
    const notAPhoto = 'This file is not a photo. Choose a JPEG, PNG or WebP image.';
    expect(within(box).getByRole('alert')).toHaveTextContent(notAPhoto);
    await user.click(within(box).getByRole('button', { name: 'Upload and scan' }));
    // A file was chosen: never "choose an image first".
    expect(within(box).getByRole('alert')).toHaveTextContent(notAPhoto);
    expect(box).not.toHaveTextContent('Please choose an image first');
    expect(calls.some((c) => c.path === '/api/v1/images/upload/')).toBe(false);

    await i18n.changeLanguage('zh');
    await user.click(within(box).getByRole('button', { name: '上传并识别' }));
    expect(within(box).getByRole('alert')).toHaveTextContent('这个文件不是照片。请选择 JPEG、PNG 或 WebP 图片。');
  });

  it('shrinks a photo over 10 MB before uploading it, and scans it', async () => {
    const drawImage = drawablePhotos(4000, 3000);
    const sent = uploadedFiles();
    const { user } = openDialog();
    const box = await dialog();
    await user.upload(within(box).getByLabelText('Choose a photo of a barcode'), photo('image/png', OVER_10_MB));
    expect(within(box).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'Upload and scan' }));

    expect(await within(box).findByRole('list', { name: 'Foods found' })).toHaveTextContent('Honey Roasted Peanuts');
    expect(within(box).queryByRole('alert')).not.toBeInTheDocument();
    // Drawn again at the 2048 pixels a side the workers keep, as a JPEG well under the limit.
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 2048, 1536);
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.type).toBe('image/jpeg');
    expect(sent()[0]?.name).toBe('label.jpg');
    expect(sent()[0]?.size).toBe(400_000);
  });

  it('refuses a photo over 10 MB only when it cannot be shrunk, beside the photo picker, in both languages', async () => {
    // jsdom cannot decode a picture: as a browser with a photo it cannot read.
    const { user, calls } = openDialog();
    const box = await dialog();
    await user.upload(within(box).getByLabelText('Choose a photo of a barcode'), photo('image/png', OVER_10_MB));
    await user.click(within(box).getByRole('button', { name: 'Upload and scan' }));
    const alert = await within(box).findByRole('alert');
    expect(alert).toHaveTextContent(
      'This photo is over 10 MB and could not be made smaller here. Choose a JPEG, PNG or WebP image under 10 MB.',
    );
    expect(before(within(box).getByRole('button', { name: 'Upload and scan' }), alert)).toBe(true);
    expect(before(alert, within(box).getByLabelText('Or type the digits under the bars'))).toBe(true);
    expect(scrolledTo.mock.contexts).toContain(alert.parentElement);
    expect(calls.some((c) => c.path === '/api/v1/images/upload/')).toBe(false);

    await i18n.changeLanguage('zh');
    await user.click(within(box).getByRole('button', { name: '上传并识别' }));
    expect(await within(box).findByRole('alert')).toHaveTextContent(
      '这张照片超过 10 MB，且无法在此缩小。请选择 10 MB 以内的 JPEG、PNG 或 WebP 图片。',
    );
  });

  it('says when the upload failed, with the server’s reason', async () => {
    const { user, calls } = openDialog({
      'POST /api/v1/images/upload/': failure(415, 'Unsupported image format', 'UNSUPPORTED_MEDIA_TYPE'),
    });
    const box = await scanPhoto(user);
    expect(await within(box).findByRole('alert')).toHaveTextContent('Image upload failed: Unsupported image format');
    expect(calls.some((c) => c.path === '/api/v1/images/analyze-with-barcode/')).toBe(false);
  });

  it('says when the detection failed', async () => {
    const { user } = openDialog({ 'POST /api/v1/images/analyze-with-barcode/': failure(500) });
    const box = await scanPhoto(user);
    expect(await within(box).findByRole('alert')).toHaveTextContent(/^Barcode detection failed$/);
  });

  it('says when no food barcode was found, listing what was read', async () => {
    const { user } = openDialog({
      'POST /api/v1/images/analyze-with-barcode/': analysis({ barcodes: [qr], food_barcodes_only: [], foods: [] }),
    });
    const box = await scanPhoto(user);
    expect(await within(box).findByRole('alert')).toHaveTextContent('No food barcode detected');
    const barcodes = within(box).getByRole('list', { name: 'Detected barcodes' });
    expect(barcodes).toHaveTextContent('QR_CODE');
    expect(barcodes).toHaveTextContent('not a food barcode');
    expect(localStorage.getItem('dashboardBarcodeFoods')).toBeNull();
  });

  it('says when no food information could be had, with the reason per barcode', async () => {
    const { user } = openDialog({
      'POST /api/v1/images/analyze-with-barcode/': analysis({
        foods: [],
        missing: [{ barcode: upc.data, code: 'BARCODE_NOT_FOUND', message: 'Product not found in Open Food Facts' }],
      }),
    });
    const box = await scanPhoto(user);
    expect(await within(box).findByRole('alert')).toHaveTextContent('No food information could be obtained');
    // In plain words by the code, not the server's text.
    const missing = within(box).getByRole('list', { name: 'Barcodes without food information' });
    expect(missing).toHaveTextContent('0 70097 02508 8: no food database knows this product yet.');
    expect(missing).not.toHaveTextContent('Open Food Facts');
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh');
    const { user, calls } = openDialog();
    const box = await screen.findByRole('dialog', { name: '条形码识别' });
    await user.click(within(box).getByRole('button', { name: '上传并识别' }));
    expect(within(box).getByRole('alert')).toHaveTextContent('请先选择图片');
    expect(calls.some((c) => c.path === '/api/v1/images/upload/')).toBe(false);
  });

  it('closes with Escape and with its close button, giving focus back', async () => {
    const { user } = openDialog();
    const box = await dialog();
    // The dialog moves focus in an effect after it opens.
    await waitFor(() => expect(within(box).getByLabelText('Choose a photo of a barcode')).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const open = screen.getByRole('button', { name: 'Scan a barcode' });
    await user.click(open);
    await user.click(within(await dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('shows a nutrient the product does not give as “—”, not 0', async () => {
    const { user } = openDialog({
      'POST /api/v1/images/analyze-with-barcode/': analysis({
        foods: [{ barcode: upc.data, food: { ...peanuts, fiber_per_100g: null, sodium_per_100g: null }, is_existing: true }],
      }),
    });
    const box = await scanPhoto(user);
    const food = within(await within(box).findByRole('list', { name: 'Foods found' })).getByRole('listitem');
    expect(food).toHaveTextContent('Fiber—');
    expect(food).toHaveTextContent('Sodium—');
    expect(food).toHaveTextContent('Sugar14 g');
    expect(within(food).getAllByRole('img', { name: 'not given by the source' })).toHaveLength(2);
  });
});

describe('a barcode no database knows', () => {
  const notFound = analysis({
    foods: [],
    missing: [{ barcode: upc.data, code: 'BARCODE_NOT_FOUND', message: 'Product not found in Open Food Facts' }],
  });
  const mine = makeFood({
    id: 99,
    name: 'Grandma’s peanuts',
    name_zh: null,
    barcode: upc.data,
    calories_per_100g: 590,
    portions: [],
    is_custom: true,
    is_owner: true,
    data_source: 'custom',
  });

  it('gets a food of one’s own in one tap, saved with the barcode and shown as the scan’s result', async () => {
    const { user, calls } = openDialog({
      'POST /api/v1/images/analyze-with-barcode/': notFound,
      'POST /api/v1/foods/create/': { status: 201, ...ok(mine) },
    });
    const box = await scanPhoto(user);
    const missing = await within(box).findByRole('list', { name: 'Barcodes without food information' });
    const create = within(missing).getByRole('button', { name: 'Create a food for this barcode' });
    expect(create).toHaveAccessibleDescription('0 70097 02508 8: no food database knows this product yet.');
    await user.click(create);

    const form = screen.getByRole('dialog', { name: 'Create a custom food' });
    const barcode = within(form).getByLabelText('Barcode');
    expect(barcode).toHaveValue('0070097025088');
    expect(barcode).toHaveAttribute('readonly');
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    await user.type(within(form).getByLabelText('Name'), 'Grandma’s peanuts');
    await user.type(within(form).getByLabelText('Calories (kcal)'), '590');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a custom food' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/v1/foods/create/')?.body).toEqual({
      name: 'Grandma’s peanuts',
      calories: 590,
      protein: 0,
      fat: 0,
      carbs: 0,
      barcode: '0070097025088',
    });
    // The scan now has its food: listed, ready for the basket, kept by the dashboard.
    const food = within(within(box).getByRole('list', { name: 'Foods found' })).getByRole('listitem');
    expect(food).toHaveTextContent('Grandma’s peanuts');
    expect(food).toHaveTextContent('Barcode0070097025088');
    expect(within(box).queryByRole('list', { name: 'Barcodes without food information' })).not.toBeInTheDocument();
    expect(within(box).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Created “Grandma’s peanuts”: this barcode finds it from now on')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('dashboardBarcodeFoods') ?? '[]')).toEqual([
      expect.objectContaining({ barcode: '0070097025088', food: expect.objectContaining({ id: 99 }) }),
    ]);
    await user.click(within(food).getByRole('button', { name: 'Add to basket' }));
    expect(await screen.findByText('Added 100 g Grandma’s peanuts to the basket')).toBeVisible();
  });

  it('keeps the scan as it was when the form is cancelled', async () => {
    const { user, calls } = openDialog({ 'POST /api/v1/images/analyze-with-barcode/': notFound });
    const box = await scanPhoto(user);
    await user.click(await within(box).findByRole('button', { name: 'Create a food for this barcode' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Create a custom food' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('dialog', { name: 'Barcode recognition' })).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Create a food for this barcode' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/v1/foods/create/')).toBe(false);
  });

  it('is offered whatever the reason, which is said in plain words: refused, or the food services out of reach', async () => {
    const ean = { ...upc, data: '4006381333931', formatted_data: '4 006381 333931', type: 'EAN13', text: '4006381333931' };
    const { user } = openDialog({
      'POST /api/v1/images/analyze-with-barcode/': analysis({
        barcodes: [upc, ean],
        food_barcodes_only: [upc, ean],
        foods: [],
        missing: [
          { barcode: upc.data, code: 'PRODUCT_REJECTED', message: 'Peanuts (0070097025088) was refused: energy above 900 kcal' },
          { barcode: ean.data, code: 'BARCODE_LOOKUP_UNAVAILABLE', message: 'could not be looked up: error sending request: answered 503' },
        ],
      }),
    });
    const box = await scanPhoto(user);
    const missing = await within(box).findByRole('list', { name: 'Barcodes without food information' });
    expect(missing).toHaveTextContent(
      '0 70097 02508 8: the nutrition information the food services give for this product looks wrong, so it was not used.',
    );
    expect(missing).toHaveTextContent('4 006381 333931: not looked up: the food services cannot be reached right now.');
    expect(missing).not.toHaveTextContent(/503|refused|error sending/);
    expect(within(missing).getAllByRole('button', { name: 'Create a food for this barcode' })).toHaveLength(2);
  });

  it('says the food services cannot be reached when no barcode could be looked up, in both languages', async () => {
    const unreachable = analysis({
      foods: [],
      missing: [{ barcode: upc.data, code: 'BARCODE_LOOKUP_UNAVAILABLE', message: 'answered 503; USDA: answered 503' }],
    });
    const { user } = openDialog({ 'POST /api/v1/images/analyze-with-barcode/': unreachable });
    const box = await scanPhoto(user);
    expect(await within(box).findByRole('alert')).toHaveTextContent(
      'The food services (Open Food Facts and USDA) cannot be reached right now. Try again later, or create the food yourself.',
    );
    await i18n.changeLanguage('zh');
    expect(within(box).getByRole('list', { name: '没有食品信息的条形码' })).toHaveTextContent(
      '0 70097 02508 8：未能查询：暂时连不上食品数据服务。',
    );
    expect(within(box).getByRole('button', { name: '为此条码创建食物' })).toBeVisible();
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh');
    const { user } = openDialog({ 'POST /api/v1/images/analyze-with-barcode/': notFound });
    const box = await screen.findByRole('dialog', { name: '条形码识别' });
    await user.upload(within(box).getByLabelText(i18n.t('barcodes:dialog.choose')), photo());
    await user.click(within(box).getByRole('button', { name: '上传并识别' }));
    await user.click(await within(box).findByRole('button', { name: '为此条码创建食物' }));
    expect(within(screen.getByRole('dialog', { name: '创建自定义食物' })).getByLabelText('条形码')).toHaveValue('0070097025088');
  });
});

describe('a barcode typed by hand', () => {
  const typed = (box: HTMLElement) => within(box).getByLabelText('Or type the digits under the bars');

  it('clears the photo’s results when the typed code is wrong: the error is shown alone, under the field', async () => {
    const { user } = openDialog();
    const box = await scanPhoto(user);
    await within(box).findByRole('list', { name: 'Foods found' });
    await user.type(typed(box), '0070097025087{Enter}');

    const alert = within(box).getByRole('alert');
    expect(alert).toHaveTextContent('These digits are not a valid barcode: please check them, the last digit does not match.');
    expect(within(box).queryByRole('list', { name: 'Foods found' })).not.toBeInTheDocument();
    expect(within(box).queryByRole('list', { name: 'Detected barcodes' })).not.toBeInTheDocument();
    expect(box).not.toHaveTextContent('Honey Roasted Peanuts');
    expect(before(typed(box), alert)).toBe(true);
    expect(scrolledTo.mock.contexts).toContain(alert.parentElement);
  });

  it('clears a typed code’s results when a photo is scanned next, and its error is shown beside the photo picker', async () => {
    const { user } = openDialog({
      'POST /api/v1/images/create-food-from-barcode/': ok({ food: peanuts, is_existing: true }),
      'POST /api/v1/images/analyze-with-barcode/': failure(500),
    });
    const box = await dialog();
    await user.type(typed(box), '0070097025088{Enter}');
    await within(box).findByRole('list', { name: 'Foods found' });
    await user.upload(within(box).getByLabelText('Choose a photo of a barcode'), photo());
    await user.click(within(box).getByRole('button', { name: 'Upload and scan' }));

    const alert = await within(box).findByRole('alert');
    expect(alert).toHaveTextContent(/^Barcode detection failed$/);
    expect(within(box).queryByRole('list', { name: 'Foods found' })).not.toBeInTheDocument();
    expect(before(alert, typed(box))).toBe(true);
  });

  it('is checked before asking: letters, a wrong length and a wrong check digit are refused in words', async () => {
    const { user, calls } = openDialog();
    const box = await dialog();
    for (const [digits, words] of [
      ['0070O97025088', 'Type only the digits under the bars.'],
      ['00700970250', 'A barcode has 8, 12 or 13 digits.'],
      ['0070097025087', 'These digits are not a valid barcode: please check them, the last digit does not match.'],
    ] as const) {
      await user.clear(typed(box));
      await user.type(typed(box), `${digits}{Enter}`);
      expect(within(box).getByRole('alert')).toHaveTextContent(words);
    }
    expect(calls.some((c) => c.path === '/api/v1/images/create-food-from-barcode/')).toBe(false);
  });

  it('looks up the typed code, as printed, and shows its food', async () => {
    const { user, calls } = openDialog({
      'POST /api/v1/images/create-food-from-barcode/': ok({ food: peanuts, is_existing: true }),
    });
    const box = await dialog();
    await user.type(typed(box), '0 70097 02508 8');
    await user.click(within(box).getByRole('button', { name: 'Look up' }));
    const food = within(await within(box).findByRole('list', { name: 'Foods found' })).getByRole('listitem');
    expect(food).toHaveTextContent('Honey Roasted Peanuts');
    expect(calls.find((c) => c.path === '/api/v1/images/create-food-from-barcode/')?.body).toEqual({ barcode: '0070097025088' });
  });

  it('offers a food of its own when the food services cannot be reached, and says so in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const { user } = openDialog({
      'POST /api/v1/images/create-food-from-barcode/': failure(
        503,
        'No food is kept here for barcode 4006381333931, and it could not be looked up: answered 503',
        'BARCODE_LOOKUP_UNAVAILABLE',
      ),
    });
    const box = await screen.findByRole('dialog', { name: '条形码识别' });
    await user.type(within(box).getByLabelText('或手动输入条形码下方的数字'), '4006381333931');
    await user.click(within(box).getByRole('button', { name: '查询' }));
    expect(await within(box).findByRole('alert')).toHaveTextContent(
      '暂时连不上食品数据服务（Open Food Facts 和 USDA）。请稍后再试，或自己创建这个食物。',
    );
    expect(box).not.toHaveTextContent(/answered|looked up/);
    await user.click(within(box).getByRole('button', { name: '为此条码创建食物' }));
    expect(within(screen.getByRole('dialog', { name: '创建自定义食物' })).getByLabelText('条形码')).toHaveValue('4006381333931');
  });
});
