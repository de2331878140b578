import { describe, expect, it } from 'vitest';
import { capturedIds, personalised, slotsOf, type Answered } from '@/features/devtools/utils/known-ids';
import { readOperations, type OpenApiDocument, type Operation } from '@/features/devtools/utils/openapi';

const post = { post: { requestBody: { content: { 'application/json': { schema: { type: 'object' } } } } } };
const document: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/foods/search/': { get: {} },
    '/foods/usda/search/': { get: {} },
    '/foods/usda/nutrition/{fdc_id}/': { get: {} },
    '/foods/create/': post,
    '/foods/{id}/': { get: {} },
    '/meals/create/': post,
    '/meals/list/': { get: {} },
    '/meals/{id}/update/': { put: {} },
    '/meals/{id}/add-food/': post,
    '/meals/food/{id}/delete/': { delete: {} },
    '/meals/record-weight/': post,
    '/meals/weight/{id}/delete/': { delete: {} },
    '/images/{id}/results/': { get: {} },
    '/images/create-meal/': post,
  },
};
const operations = readOperations(document, new Date(2026, 0, 1));
const slots = slotsOf(operations);

function operation(name: string): Operation {
  const found = operations.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
}

function answer(name: string, data: unknown, status = 200, pathValues: Answered['pathValues'] = {}) {
  return capturedIds(slots, { operation: operation(name), pathValues, status, body: { success: true, data } });
}

describe('ids learnt from answers', () => {
  it('keys each path parameter by the path up to it', () => {
    expect(slots.map((slot) => slot.key)).toEqual([
      '/foods/usda/nutrition/{fdc_id}',
      '/foods/{id}',
      '/meals/{id}',
      '/meals/food/{id}',
      '/meals/weight/{id}',
      '/images/{id}',
    ]);
  });

  it('takes what a POST created, and the lines inside it', () => {
    expect(answer('POST /foods/create/', { id: 77 }, 201)).toEqual({ '/foods/{id}': '77' });
    expect(answer('POST /meals/create/', { id: 31, foods: [{ id: 501, food_id: 77 }] }, 201)).toEqual({
      '/meals/{id}': '31',
      '/meals/food/{id}': '501',
    });
    // The most specific slot whose words the path holds: a weight record, not a meal.
    expect(answer('POST /meals/record-weight/', { id: 8 }, 201)).toEqual({ '/meals/weight/{id}': '8' });
  });

  it('takes the path’s own slot for a POST on one thing', () => {
    expect(answer('POST /meals/{id}/add-food/', { id: 31, foods: [{ id: 502 }] }, 201, { id: '31' })).toEqual({
      '/meals/{id}': '31',
      '/meals/food/{id}': '502',
    });
  });

  it('takes nothing from a POST that could be about two things, or that created nothing', () => {
    expect(answer('POST /images/create-meal/', { id: 40 }, 201)).toEqual({});
    expect(answer('POST /foods/create/', { id: 77 }, 200)).toEqual({});
    expect(answer('POST /foods/create/', { id: 77 }, 422)).toEqual({});
  });

  it('takes the first item of a list, and of the lists inside it', () => {
    expect(answer('GET /foods/search/', { query: 'rice', foods: [{ id: 42 }, { id: 43 }] })).toEqual({ '/foods/{id}': '42' });
    expect(answer('GET /meals/list/', { meals: [{ id: 31, foods: [{ id: 501 }] }], total: 1 })).toEqual({
      '/meals/{id}': '31',
      '/meals/food/{id}': '501',
    });
  });

  it('takes a field named as a path parameter, and the path values a call was sent with', () => {
    expect(answer('GET /foods/usda/search/', { foods: [{ id: null, fdc_id: 1102644 }] })).toEqual({
      '/foods/usda/nutrition/{fdc_id}': '1102644',
    });
    expect(answer('GET /images/{id}/results/', { status: 'done' }, 200, { id: ' 12 ' })).toEqual({ '/images/{id}': '12' });
  });
});

describe('samples with what the visit knows', () => {
  it('fills …_id fields with known ids and refresh tokens with the stored one', () => {
    const context = {
      slots,
      ids: { '/foods/{id}': '77', '/foods/usda/nutrition/{fdc_id}': '1102644' },
      refreshToken: 'stored-refresh',
    };
    expect(
      personalised(
        { name: 'Lunch', foods: [{ food_id: 1, quantity: 150 }], image_id: null, fdc_id: 0, refresh: '', meal_type: 'lunch' },
        context,
      ),
    ).toEqual({
      name: 'Lunch',
      foods: [{ food_id: 77, quantity: 150 }],
      image_id: null,
      fdc_id: 1102644,
      refresh: 'stored-refresh',
      meal_type: 'lunch',
    });
  });
});
