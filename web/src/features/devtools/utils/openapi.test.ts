import { describe, expect, it } from 'vitest';
import {
  bodySample,
  groupByTag,
  readOperations,
  resolve,
  sampleFromSchema,
  type OpenApiDocument,
  type Operation,
} from '@/features/devtools/utils/openapi';

const today = new Date(2026, 2, 4, 12);

/** A small OpenAPI 3.1 document in the shape utoipa writes: components, $refs, oneOf/allOf, nullable as a type list. */
const document: OpenApiDocument = {
  openapi: '3.1.0',
  tags: [{ name: 'meals' }, { name: 'foods' }],
  security: [{ bearer: [] }],
  paths: {
    '/foods/search/': {
      get: {
        tags: ['foods'],
        summary: 'Search foods',
        security: [{}, { bearer: [] }],
        parameters: [
          { name: 'query', in: 'query', required: true, schema: { type: 'string' }, example: 'rice' },
          { name: 'page_size', in: 'query', required: false, schema: { type: ['integer', 'null'] } },
          { name: 'lang', in: 'query', required: true, schema: { $ref: '#/components/schemas/Language' } },
        ],
        responses: { '200': { $ref: '#/components/responses/Envelope' } },
      },
    },
    '/foods/{id}/': {
      parameters: [{ $ref: '#/components/parameters/Id' }],
      get: { tags: ['foods'], summary: 'One food', security: [{}, { bearer: [] }] },
      delete: { tags: ['foods'], summary: 'Delete a custom food' },
    },
    '/foods/create/': {
      post: {
        tags: ['foods'],
        requestBody: {
          content: { 'application/json': { example: { name: 'Oats', calories: 370 }, schema: { $ref: '#/components/schemas/FoodInput' } } },
        },
      },
    },
    '/meals/create/': {
      post: {
        tags: ['meals'],
        summary: 'Save a meal',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/MealInput' } } } },
      },
    },
    '/meals/{id}/copy/': {
      post: {
        tags: ['meals'],
        parameters: [{ $ref: '#/components/parameters/Id' }],
        requestBody: {
          content: {
            'application/json': {
              examples: { tomorrow: { $ref: '#/components/examples/Tomorrow' }, other: { value: { date: '2030-01-01' } } },
              schema: { type: 'object', properties: { date: { type: 'string' } } },
            },
          },
        },
      },
    },
    '/meals/plan/': {
      post: {
        tags: ['meals'],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Plan' } } } },
      },
    },
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
      },
    },
    '/images/analyze-stream/': {
      post: { tags: ['images'], responses: { '200': { description: 'Events', content: { 'text/event-stream': {} } } } },
    },
    '/users/export/meals.csv': {
      get: { responses: { '200': { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } } } },
    },
  },
  components: {
    parameters: { Id: { name: 'id', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } } },
    responses: {
      Envelope: { description: 'The envelope', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } },
    },
    examples: { Tomorrow: { summary: 'Copy to tomorrow', value: { date: '2026-03-05' } } },
    schemas: {
      Envelope: { type: 'object', properties: { success: { type: 'boolean' } } },
      Language: { type: 'string', enum: ['en', 'zh'] },
      FoodInput: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      MealInput: {
        type: 'object',
        required: ['date', 'meal_type', 'foods'],
        properties: {
          name: { type: ['string', 'null'] },
          date: { type: 'string', format: 'date' },
          meal_type: { $ref: '#/components/schemas/MealType' },
          foods: { type: 'array', items: { $ref: '#/components/schemas/MealLine' } },
          notes: { type: 'string' },
        },
      },
      MealType: { type: 'string', enum: ['breakfast', 'lunch', 'dinner', 'snack'] },
      MealLine: { oneOf: [{ type: 'null' }, { $ref: '#/components/schemas/FoodLine' }, { $ref: '#/components/schemas/QuickAdd' }] },
      FoodLine: {
        allOf: [
          { $ref: '#/components/schemas/Amount' },
          { type: 'object', required: ['food_id'], properties: { food_id: { type: 'integer', format: 'int64', minimum: 1 } } },
        ],
      },
      Amount: { type: 'object', required: ['quantity'], properties: { quantity: { type: 'number', example: 150 } } },
      QuickAdd: { type: 'object', required: ['calories'], properties: { calories: { type: 'number' } } },
      Plan: {
        type: 'object',
        required: ['start', 'template', 'again'],
        properties: {
          start: { type: 'string', format: 'date-time' },
          template: { type: 'object', additionalProperties: { type: 'array' } },
          again: { type: 'boolean' },
          root: { $ref: '#/components/schemas/Tree' },
        },
      },
      Tree: { type: 'object', required: ['child'], properties: { child: { $ref: '#/components/schemas/Tree' } } },
    },
  },
};

function find(operations: Operation[], name: string): Operation {
  const operation = operations.find((candidate) => candidate.name === name);
  if (!operation) throw new Error(`no ${name}`);
  return operation;
}

describe('reading an OpenAPI document', () => {
  const operations = readOperations(document, today);

  it('lists every call with its method, path, summary and path parameters', () => {
    expect(operations.map((operation) => operation.name)).toEqual([
      'GET /foods/search/',
      'GET /foods/{id}/',
      'DELETE /foods/{id}/',
      'POST /foods/create/',
      'POST /meals/create/',
      'POST /meals/{id}/copy/',
      'POST /meals/plan/',
      'POST /images/upload/',
      'POST /images/analyze-stream/',
      'GET /users/export/meals.csv',
    ]);
    const food = find(operations, 'GET /foods/{id}/');
    expect(food).toMatchObject({ tag: 'foods', method: 'GET', path: '/foods/{id}/', summary: 'One food', pathParams: ['id'] });
    expect(find(operations, 'GET /users/export/meals.csv').tag).toBe('default');
  });

  it('needs login where every way in names a scheme, the document’s own security by default', () => {
    expect(find(operations, 'GET /foods/{id}/').needsLogin).toBe(false);
    expect(find(operations, 'DELETE /foods/{id}/').needsLogin).toBe(true);
    expect(find(operations, 'POST /meals/create/').needsLogin).toBe(true);
  });

  it('tells uploads, streams and downloads from JSON calls', () => {
    expect(find(operations, 'POST /images/upload/')).toMatchObject({ kind: 'upload', fileField: 'image', sample: { notes: 'rice, egg' } });
    expect(find(operations, 'POST /images/analyze-stream/').kind).toBe('stream');
    expect(find(operations, 'GET /users/export/meals.csv').kind).toBe('download');
    expect(find(operations, 'GET /foods/search/').kind).toBe('json');
  });

  it('samples a GET’s query from its parameters: examples, and the required ones made from their schema', () => {
    expect(find(operations, 'GET /foods/search/')).toMatchObject({
      queryParams: ['query', 'page_size', 'lang'],
      sample: { query: 'rice', lang: 'en' },
    });
    expect(find(operations, 'GET /foods/{id}/').sample).toBeNull();
    expect(find(operations, 'DELETE /foods/{id}/').sample).toBeNull();
  });

  it('samples a body from the media type’s example first, then its first examples entry', () => {
    expect(find(operations, 'POST /foods/create/').sample).toEqual({ name: 'Oats', calories: 370 });
    expect(find(operations, 'POST /meals/{id}/copy/').sample).toEqual({ date: '2026-03-05' });
  });

  it('else makes the smallest body the schema accepts, following $refs through oneOf and allOf', () => {
    expect(find(operations, 'POST /meals/create/').sample).toEqual({
      date: '2026-03-04',
      meal_type: 'breakfast',
      foods: [{ quantity: 150, food_id: 1 }],
    });
  });

  it('stops at a schema that contains itself', () => {
    const plan = find(operations, 'POST /meals/plan/').sample;
    expect(plan).toEqual({ start: today.toISOString(), template: {}, again: false });
    expect(JSON.stringify(sampleFromSchema(document, { $ref: '#/components/schemas/Tree' }, today)).length).toBeLessThan(200);
  });

  it('groups the calls by tag in the document’s order, then by first use', () => {
    expect(groupByTag(document, operations).map(({ tag, operations: calls }) => [tag, calls.length])).toEqual([
      ['meals', 3],
      ['foods', 4],
      ['images', 2],
      ['default', 1],
    ]);
  });
});

describe('schema samples', () => {
  it('takes a nullable’s type (3.1 type list, 3.0 nullable) and the schema’s own example', () => {
    expect(sampleFromSchema(document, { type: ['integer', 'null'] }, today)).toBe(0);
    expect(sampleFromSchema(document, { type: 'string', nullable: true }, today)).toBe('');
    expect(sampleFromSchema(document, { type: 'string', example: 'hi' }, today)).toBe('hi');
    expect(sampleFromSchema(document, { type: 'number', examples: [2.5] }, today)).toBe(2.5);
    expect(sampleFromSchema(document, { type: 'string', format: 'email' }, today)).toBe('you@example.com');
  });

  it('reads a body’s schema example when the media type has none', () => {
    expect(bodySample(document, { schema: { type: 'object', example: { a: 1 } } }, today)).toEqual({ a: 1 });
  });

  it('resolves local references, escaped names included, and leaves a foreign one empty', () => {
    const withSlash: OpenApiDocument = { components: { schemas: { 'a/b': { type: 'boolean' } } } };
    expect(resolve(withSlash, { $ref: '#/components/schemas/a~1b' })).toEqual({ type: 'boolean' });
    expect(resolve(withSlash, { $ref: 'other.json#/x' })).toEqual({});
  });

  it('reads a 3.0 document too', () => {
    const old: OpenApiDocument = {
      openapi: '3.0.3',
      paths: {
        '/auth/login/': {
          post: {
            tags: ['auth'],
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['username', 'password'],
                    properties: { username: { type: 'string', nullable: true }, password: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      },
    };
    expect(readOperations(old, today)).toMatchObject([
      { name: 'POST /auth/login/', tag: 'auth', needsLogin: false, sample: { username: '', password: '' } },
    ]);
  });
});
