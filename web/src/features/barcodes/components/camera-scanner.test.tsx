import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readBarcodes } from 'zxing-wasm/reader';
import { mockFetch, rememberSession, type MockReply } from '@/testing/fetch-mock';
import { failure, makeFood, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';

// jsdom has no camera, no canvas and no WebAssembly reader: the camera and the reader are
// the edge here, as fetch is for the API.
vi.mock('zxing-wasm/reader', () => ({ prepareZXingModule: vi.fn(), readBarcodes: vi.fn() }));

const ann = { id: 1, username: 'ann', nickname: 'Ann' };
const peanuts = makeFood({ id: 42, name: 'Honey Roasted Peanuts', name_zh: null, barcode: '0070097025088', data_source: 'openfoodfacts' });

type Track = { stop: ReturnType<typeof vi.fn> };

/** A camera answering `getUserMedia` with `answer`; undefined leaves the browser without one. */
function stubCamera(answer?: () => Promise<{ getTracks: () => Track[] }>) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: answer ? { getUserMedia: vi.fn(answer) } : undefined,
  });
}

/** A camera whose one track the test can watch, showing a 640×480 picture. */
function workingCamera() {
  const track: Track = { stop: vi.fn() };
  stubCamera(async () => ({ getTracks: () => [track] }));
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(HTMLMediaElement.HAVE_ENOUGH_DATA);
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
  const context = { drawImage: vi.fn(), getImageData: vi.fn(() => ({ width: 640, height: 480, data: new Uint8ClampedArray(4) })) };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  return track;
}

function reads(...results: Array<{ format: string; text: string }>) {
  vi.mocked(readBarcodes).mockResolvedValue(results.map((result) => ({ ...result, isValid: true })) as never);
}

function openCamera(createFood: MockReply = ok({ food: peanuts, is_existing: false }), routes: Record<string, MockReply> = {}) {
  const mock = mockFetch({
    'GET /api/v1/auth/user/': ok(ann),
    'GET /api/v1/meals/daily-summary/': failure(500),
    'GET /api/v1/images/list/': ok({ images: [], total: 0 }),
    'POST /api/v1/images/create-food-from-barcode/': createFood,
    ...routes,
  });
  rememberSession(ann);
  return { ...mock, ...renderApp('/dashboard?mode=barcode') };
}

async function startCamera(user: ReturnType<typeof openCamera>['user']) {
  const box = await screen.findByRole('dialog', { name: 'Barcode recognition' });
  await user.click(within(box).getByRole('button', { name: 'Scan with camera' }));
  return box;
}

// Braces: a function returned from a hook is taken as its teardown.
beforeEach(() => {
  vi.mocked(readBarcodes).mockReset();
  // jsdom has no scrollIntoView, which the dialog asks of its errors.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('scanning with the camera', () => {
  it('falls back to uploading where the browser has no camera access', async () => {
    stubCamera();
    const { user } = openCamera();
    const box = await startCamera(user);
    expect(await within(box).findByRole('alert')).toHaveTextContent(
      'This browser cannot use a camera here. Upload a photo of the barcode instead.',
    );
    expect(within(box).getByRole('button', { name: 'Upload a photo' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(box).getByLabelText('Choose a photo of a barcode')).toBeVisible();
  });

  it('falls back to uploading when camera access is denied', async () => {
    stubCamera(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    const { user } = openCamera();
    const box = await startCamera(user);
    expect(await within(box).findByRole('alert')).toHaveTextContent('Camera access was denied.');
    expect(within(box).getByLabelText('Choose a photo of a barcode')).toBeVisible();
  });

  it('turns the camera off on a read and looks the food up by its GTIN', async () => {
    const track = workingCamera();
    reads({ format: 'UPCA', text: '070097025088' });
    const { user, calls } = openCamera();
    const box = await startCamera(user);

    const foods = await within(box).findByRole('list', { name: 'Foods found' });
    expect(foods).toHaveTextContent('Honey Roasted Peanuts');
    expect(track.stop).toHaveBeenCalled();
    expect(calls.find((c) => c.path === '/api/v1/images/create-food-from-barcode/')?.body).toEqual({ barcode: '0070097025088' });
    const barcodes = within(box).getByRole('list', { name: 'Detected barcodes' });
    expect(barcodes).toHaveTextContent('0 70097 02508 8');
    expect(barcodes).toHaveTextContent('UPC');
    expect(vi.mocked(readBarcodes).mock.calls[0]?.[1]).toMatchObject({ formats: ['EAN13', 'EAN8', 'UPCA', 'UPCE'] });
    expect(JSON.parse(localStorage.getItem('dashboardBarcodeFoods') ?? '[]')).toHaveLength(1);
    expect(within(box).getByRole('button', { name: 'Scan again' })).toBeVisible();
  });

  it('says when the product has no food information, and why in plain words', async () => {
    workingCamera();
    reads({ format: 'EAN13', text: '9780393058673' });
    const { user } = openCamera(failure(404, 'No product with barcode 9780393058673', 'BARCODE_NOT_FOUND'));
    const box = await startCamera(user);
    expect(await within(box).findByRole('alert')).toHaveTextContent('No food information could be obtained');
    expect(within(box).getByRole('list', { name: 'Barcodes without food information' })).toHaveTextContent(
      '9 780393 058673: no food database knows this product yet.',
    );
  });

  it('offers a food of one’s own for a product no database knows, and shows it once saved', async () => {
    workingCamera();
    reads({ format: 'EAN13', text: '9780393058673' });
    const mine = makeFood({ id: 98, name: 'Field notes', name_zh: null, barcode: '9780393058673', data_source: 'custom', is_custom: true });
    const { user, calls } = openCamera(failure(404, 'No product with barcode 9780393058673', 'BARCODE_NOT_FOUND'), {
      'POST /api/v1/foods/create/': { status: 201, ...ok(mine) },
    });
    const box = await startCamera(user);
    await user.click(await within(box).findByRole('button', { name: 'Create a food for this barcode' }));
    const form = screen.getByRole('dialog', { name: 'Create a custom food' });
    expect(within(form).getByLabelText('Barcode')).toHaveValue('9780393058673');
    await user.type(within(form).getByLabelText('Name'), 'Field notes');
    await user.type(within(form).getByLabelText('Calories (kcal)'), '120');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await within(box).findByRole('list', { name: 'Foods found' })).toHaveTextContent('Field notes');
    expect(calls.find((c) => c.path === '/api/v1/foods/create/')?.body).toMatchObject({ barcode: '9780393058673' });
    expect(within(box).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the scan failed when the lookup fails otherwise', async () => {
    workingCamera();
    reads({ format: 'EAN8', text: '12345670' });
    const { user } = openCamera(failure(422, 'Check digit does not match', 'INVALID_BARCODE'));
    const box = await startCamera(user);
    expect(await within(box).findByRole('alert')).toHaveTextContent('Scan failed: Check digit does not match');
  });

  it('says the scan failed when the reader cannot run', async () => {
    const track = workingCamera();
    vi.mocked(readBarcodes).mockRejectedValue(new Error('failed to asynchronously prepare wasm'));
    const { user } = openCamera();
    const box = await startCamera(user);
    expect(await within(box).findByRole('alert')).toHaveTextContent(/^Scan failed$/);
    expect(track.stop).toHaveBeenCalled();
  });

  it('turns the camera off when the dialog closes', async () => {
    const track = workingCamera();
    reads();
    const { user } = openCamera();
    const box = await startCamera(user);
    expect(await within(box).findByLabelText('Camera view')).toBeInTheDocument();
    await waitFor(() => expect(readBarcodes).toHaveBeenCalled());
    expect(track.stop).not.toHaveBeenCalled();
    await user.click(within(box).getByRole('button', { name: 'Close' }));
    expect(track.stop).toHaveBeenCalled();
  });
});
