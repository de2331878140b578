import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '@/features/devtools/utils/openapi';
import { mockFetch, rememberSession } from '@/testing/fetch-mock';
import { failure, ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';

const ann = { id: 1, username: 'ann', nickname: 'Ann' };

const json = (schema: string, example?: unknown) => ({
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` }, ...(example ? { example } : {}) } },
});
const created = { '201': { description: 'Created' } };

/** The server's document, cut down to the calls these tests make, in the shape utoipa writes. */
const document: OpenApiDocument = {
  openapi: '3.1.0',
  tags: [{ name: 'auth' }, { name: 'foods' }, { name: 'meals' }, { name: 'recipes' }, { name: 'images' }],
  paths: {
    '/auth/user/': { get: { tags: ['auth'], summary: 'Who is signed in.', security: [{ bearer: [] }] } },
    '/foods/search/': {
      get: {
        tags: ['foods'],
        summary: 'Search foods.',
        parameters: [
          { name: 'query', in: 'query', required: true, schema: { type: 'string' }, example: 'rice' },
          { name: 'page_size', in: 'query', schema: { type: ['integer', 'null'] }, example: 10 },
        ],
      },
    },
    '/foods/favorites/': { get: { tags: ['foods'], security: [{ bearer: [] }] } },
    '/foods/create/': { post: { tags: ['foods'], requestBody: json('FoodInput', { name: 'Dev oatmeal', calories: 370 }), responses: created } },
    '/foods/{id}/': { get: { tags: ['foods'], parameters: [{ $ref: '#/components/parameters/Id' }] } },
    '/meals/create/': { post: { tags: ['meals'], requestBody: json('MealInput'), responses: created } },
    '/meals/{id}/update/': { put: { tags: ['meals'], parameters: [{ $ref: '#/components/parameters/Id' }], requestBody: json('MealInput') } },
    '/meals/{id}/copy/': { post: { tags: ['meals'], parameters: [{ $ref: '#/components/parameters/Id' }], responses: created } },
    '/meals/food/{id}/delete/': { delete: { tags: ['meals'], parameters: [{ $ref: '#/components/parameters/Id' }] } },
    '/recipes/create/': { post: { tags: ['recipes'], requestBody: json('FoodInput'), responses: created } },
    '/images/upload/': {
      post: {
        tags: ['images'],
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['image'],
                properties: { image: { type: 'string', format: 'binary' }, notes: { type: 'string', example: 'rice, egg' } },
              },
            },
          },
        },
        responses: created,
      },
    },
    '/images/{id}/results/': { get: { tags: ['images'], parameters: [{ $ref: '#/components/parameters/Id' }] } },
    '/images/analyze-stream/': {
      post: { tags: ['images'], responses: { '200': { description: 'Progress', content: { 'text/event-stream': {} } } } },
    },
  },
  components: {
    parameters: { Id: { name: 'id', in: 'path', required: true, schema: { type: 'integer' } } },
    schemas: {
      FoodInput: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      MealInput: {
        type: 'object',
        required: ['date', 'foods'],
        properties: {
          date: { type: 'string', format: 'date' },
          foods: { type: 'array', items: { $ref: '#/components/schemas/MealLine' } },
        },
      },
      MealLine: {
        type: 'object',
        required: ['food_id', 'quantity'],
        properties: { food_id: { type: 'integer' }, quantity: { type: 'number', example: 150 } },
      },
    },
  },
};

async function openApiTest(routes: Parameters<typeof mockFetch>[0] = {}, { documentRead = true } = {}) {
  const mock = mockFetch({ 'GET /api/v1/auth/user/': ok(ann), 'GET /api/v1/openapi.json': { body: document }, ...routes });
  rememberSession(ann);
  const rendered = renderApp('/api-test');
  await screen.findByRole('heading', { name: 'API test', level: 1 });
  if (documentRead) await screen.findByRole('region', { name: 'Meals' });
  return { ...mock, ...rendered };
}

const results = () => within(screen.getByRole('list', { name: 'Results' })).getAllByRole('listitem');

describe('API test page', () => {
  it('groups one button per call of the document by tag, with its summary', async () => {
    await openApiTest();
    const meals = screen.getByRole('region', { name: 'Meals' });
    expect(within(meals).getByRole('button', { name: 'POST /meals/create/' })).toBeInTheDocument();
    expect(within(meals).getByRole('button', { name: 'POST /meals/{id}/copy/' })).toBeInTheDocument();
    const recipes = screen.getByRole('region', { name: 'Recipes' });
    expect(within(recipes).getByRole('button', { name: 'POST /recipes/create/' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'GET /foods/favorites/' })).toBeInTheDocument();
    expect(screen.getByLabelText('Image file for POST /images/upload/')).toBeInTheDocument();
    expect(screen.getByText('Search foods.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Authentication' })).getByText('needs login')).toBeInTheDocument();
    expect(screen.getByText('No calls yet.')).toBeInTheDocument();
  });

  it('says when the document cannot be read, and reads it again on request', async () => {
    let served = false;
    const { user } = await openApiTest(
      { 'GET /api/v1/openapi.json': () => (served ? { body: document } : failure(404, 'Not found', 'NOT_FOUND')) },
      { documentRead: false },
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The API document (/api/v1/openapi.json) could not be read.');
    expect(screen.queryByRole('region', { name: 'Meals' })).not.toBeInTheDocument();

    served = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Meals' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists each answer newest first with its status, time and envelope', async () => {
    const { user } = await openApiTest({
      'GET /api/v1/foods/search/': ok({ query: 'rice', foods: [{ id: 42, name: 'Rice' }], took_ms: 1 }),
      'GET /api/v1/foods/favorites/': failure(500, 'Boom', 'INTERNAL'),
    });

    await user.click(screen.getByRole('button', { name: 'GET /auth/user/' }));
    await waitFor(() => expect(results()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'GET /foods/search/' }));
    await waitFor(() => expect(results()).toHaveLength(2));

    const [newest, older] = results();
    expect(newest).toHaveTextContent('GET/foods/search/');
    expect(newest).toHaveTextContent('200 success');
    expect(newest).toHaveTextContent(/\d+ ms/);
    expect(within(newest!).getByText(/"id": 42/)).toBeInTheDocument();
    expect(older).toHaveTextContent('GET/auth/user/');
    expect(older).toHaveTextContent('"username": "ann"');

    await user.click(screen.getByRole('button', { name: 'GET /foods/favorites/' }));
    await waitFor(() => expect(results()).toHaveLength(3));
    expect(results()[0]).toHaveTextContent('500 failed');
    expect(results()[0]).toHaveTextContent('"message": "Boom"');

    await user.click(screen.getByRole('button', { name: 'Clear results' }));
    expect(screen.queryByRole('list', { name: 'Results' })).not.toBeInTheDocument();
  });

  it('sends the payload as edited, and refuses one that is not JSON', async () => {
    const { user, calls } = await openApiTest({
      'GET /api/v1/foods/search/': ok({ query: 'egg', foods: [], took_ms: 1 }),
      'POST /api/v1/foods/create/': { status: 201, body: { success: true, data: { id: 9 } } },
    });

    const query = screen.getByLabelText('Query for GET /foods/search/');
    expect(query).toHaveValue(JSON.stringify({ query: 'rice', page_size: 10 }, null, 2));
    expect(screen.getByText('query, page_size').closest('p')).toHaveTextContent('Query parameters: query, page_size');
    await user.clear(query);
    await user.click(query);
    await user.paste('{"query": "egg"}');
    await user.click(screen.getByRole('button', { name: 'GET /foods/search/' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/v1/foods/search/?query=egg')).toBe(true));

    const body = screen.getByLabelText('Payload for POST /foods/create/');
    await user.clear(body);
    await user.click(body);
    await user.paste('{"name": ');
    await user.click(screen.getByRole('button', { name: 'POST /foods/create/' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The payload is not valid JSON.');
    expect(calls.some((call) => call.path === '/api/v1/foods/create/')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Reset the sample payload of POST /foods/create/' }));
    await user.click(screen.getByRole('button', { name: 'POST /foods/create/' }));
    await waitFor(() => expect(calls.find((call) => call.path === '/api/v1/foods/create/')?.body).toMatchObject({ name: 'Dev oatmeal', calories: 370 }));
  });

  it('fills path ids and payload ids from earlier answers', async () => {
    const { user, calls } = await openApiTest({
      'POST /api/v1/foods/create/': { status: 201, body: { success: true, data: { id: 77, name: 'Dev oatmeal' } } },
      'GET /api/v1/foods/77/': ok({ id: 77, name: 'Dev oatmeal' }),
      'POST /api/v1/meals/create/': { status: 201, body: { success: true, data: { id: 31, foods: [{ id: 501, food_id: 77 }] } } },
      'DELETE /api/v1/meals/food/501/delete/': ok({ id: 31 }),
    });

    const foodId = screen.getByLabelText('id for GET /foods/{id}/');
    expect(foodId).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'GET /foods/{id}/' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Fill in id first.');

    await user.click(screen.getByRole('button', { name: 'POST /foods/create/' }));
    await waitFor(() => expect(foodId).toHaveValue('77'));
    await user.click(screen.getByRole('button', { name: 'GET /foods/{id}/' }));
    await waitFor(() => expect(results()[0]).toHaveTextContent('GET/foods/77/'));

    // The meal sample names the food just created; its answer names the meal and its line.
    await user.click(screen.getByRole('button', { name: 'POST /meals/create/' }));
    await waitFor(() => expect(calls.find((call) => call.path === '/api/v1/meals/create/')?.body).toMatchObject({ foods: [{ food_id: 77, quantity: 150 }] }));
    await waitFor(() => expect(screen.getByLabelText('id for PUT /meals/{id}/update/')).toHaveValue('31'));
    await user.click(screen.getByRole('button', { name: 'DELETE /meals/food/{id}/delete/' }));
    await waitFor(() => expect(results()[0]).toHaveTextContent('DELETE/meals/food/501/delete/'));
    expect(results()[0]).toHaveTextContent('200 success');
  });

  it('shows a stream as its events, whatever line ends they come with', async () => {
    const { user } = await openApiTest({
      'POST /api/v1/images/analyze-stream/': {
        text: ': keep-alive\r\n\r\nid: 1\r\ndata: {"step":"start"}\r\n\r\nid: 2\rdata: {"step":"complete",\rdata: "progress":100}\r\r',
        headers: { 'Content-Type': 'text/event-stream' },
      },
    });
    await user.click(screen.getByRole('button', { name: 'POST /images/analyze-stream/' }));
    await waitFor(() => expect(results()).toHaveLength(1));
    expect(results()[0]).toHaveTextContent('200 success');
    expect(results()[0]).toHaveTextContent(/"events": \[ \{ "step": "start" \}, \{ "step": "complete", "progress": 100 \} \]/);
  });

  it('uploads the chosen file as multipart', async () => {
    const { user, fetchMock } = await openApiTest({
      'POST /api/v1/images/upload/': { status: 201, body: { success: true, data: { id: 12, processing_status: 'pending' } } },
    });
    await user.upload(screen.getByLabelText('Image file for POST /images/upload/'), new File(['jpeg'], 'meal.jpg', { type: 'image/jpeg' }));
    await user.click(screen.getByRole('button', { name: 'POST /images/upload/' }));
    await waitFor(() => expect(screen.getByLabelText('id for GET /images/{id}/results/')).toHaveValue('12'));
    const init = fetchMock.mock.calls.find(([input]) => String(input).includes('/images/upload/'))?.[1];
    const form = init?.body as FormData;
    expect(form.get('notes')).toBe('rice, egg');
    expect((form.get('image') as File).name).toBe('meal.jpg');
  });
});
