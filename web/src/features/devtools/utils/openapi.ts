import { dateKey } from '@/components/date-time/dates';

/**
 * The parts of an OpenAPI 3.0 or 3.1 document this page reads. Anything may be missing
 * or of another shape: a document is data from the server, read defensively.
 */
export type OpenApiDocument = {
  openapi?: string;
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  security?: unknown[];
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** One documented call, as its card shows and runs it. */
export type Operation = {
  /** `METHOD /path`: the card's label, unique in a document. */
  name: string;
  /** The first tag; the card is listed under it. */
  tag: string;
  method: HttpMethod;
  /** As documented, e.g. `/foods/{id}/`; each `{name}` is filled from an input. */
  path: string;
  summary: string;
  /** The `{name}`s of the path, in order. */
  pathParams: string[];
  /** Query parameter names (GET: the payload is sent as the query). */
  queryParams: string[];
  /** Every way the document allows calling it needs a bearer token. */
  needsLogin: boolean;
  /**
   * How the call is made: a JSON call (payload as query for GET, else as body), a
   * multipart upload of a chosen file (payload fields beside it), a streamed answer
   * (server-sent events), or a file download.
   */
  kind: 'json' | 'upload' | 'stream' | 'download';
  /** The multipart field that carries the file (upload only). */
  fileField: string | null;
  /** The prefilled payload; null when the call takes none. */
  sample: Record<string, unknown> | null;
};

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows `$ref`s (local JSON pointers, `#/components/schemas/Meal`) to what they name. */
export function resolve(document: OpenApiDocument, value: unknown, seen: ReadonlySet<string> = new Set()): unknown {
  if (!isRecord(value) || typeof value.$ref !== 'string') return value;
  const ref = value.$ref;
  if (!ref.startsWith('#/') || seen.has(ref)) return {};
  let target: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const step = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    target = isRecord(target) ? target[step] : undefined;
  }
  return resolve(document, target, new Set(seen).add(ref));
}

/** The `{name}`s of a path template, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

/** A value the schema itself offers: its example, first example, default, const or first enum value. */
function offered(schema: Json): { value: unknown } | null {
  if ('example' in schema) return { value: schema.example };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { value: schema.examples[0] };
  if ('default' in schema) return { value: schema.default };
  if ('const' in schema) return { value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { value: schema.enum[0] };
  return null;
}

/** The schema's type, the first that is not null (3.1 writes a nullable as `[x, "null"]`). */
function typeOf(schema: Json): string | undefined {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((candidate) => typeof candidate === 'string' && candidate !== 'null');
  if (typeof type === 'string') return type;
  if (isRecord(schema.properties)) return 'object';
  if ('items' in schema) return 'array';
  return types.includes('null') ? 'null' : undefined;
}

/** Deep enough for any body a person fills in by hand; stops a schema that nests itself. */
const MAX_DEPTH = 6;

/**
 * The smallest value a schema accepts that still shows its shape: an object with its
 * required properties, an array of one item, a string, 0 or false; the schema's own
 * example (or default, const, enum) wherever it gives one. `$ref`s are followed,
 * `allOf` merged, the first `oneOf`/`anyOf` choice that is not null taken.
 */
export function sampleFromSchema(document: OpenApiDocument, schemaOrRef: unknown, today: Date, depth = 0): unknown {
  const schema = resolve(document, schemaOrRef);
  if (!isRecord(schema) || depth > MAX_DEPTH) return null;
  const given = offered(schema);
  if (given) return given.value;
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => sampleFromSchema(document, part, today, depth + 1));
    const own = { ...schema, allOf: undefined };
    const merged = parts.filter(isRecord).reduce<Json>((all, part) => ({ ...all, ...part }), {});
    const rest = typeOf(own) === 'object' ? sampleFromSchema(document, own, today, depth + 1) : null;
    return isRecord(rest) ? { ...merged, ...rest } : merged;
  }
  const choices = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : null;
  if (choices) {
    const choice = choices.find((candidate) => typeOf(asRecord(resolve(document, candidate))) !== 'null');
    return choice === undefined ? null : sampleFromSchema(document, choice, today, depth + 1);
  }
  switch (typeOf(schema)) {
    case 'object': {
      const properties = isRecord(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? schema.required.filter((name) => typeof name === 'string') : [];
      return Object.fromEntries(
        required.map((name) => [name, sampleFromSchema(document, properties[name] ?? {}, today, depth + 1)]),
      );
    }
    case 'array':
      return 'items' in schema ? [sampleFromSchema(document, schema.items, today, depth + 1)] : [];
    case 'string':
      return stringSample(schema.format, today);
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

function asRecord(value: unknown): Json {
  return isRecord(value) ? value : {};
}

function stringSample(format: unknown, today: Date): string {
  switch (format) {
    case 'date':
      return dateKey(today);
    case 'date-time':
      return today.toISOString();
    case 'email':
      return 'you@example.com';
    default:
      return '';
  }
}

/** A media type's example: `example`, else the first of `examples` (Example Objects), else none. */
function mediaExample(document: OpenApiDocument, media: Json): { value: unknown } | null {
  if ('example' in media) return { value: media.example };
  if (isRecord(media.examples)) {
    const first = resolve(document, Object.values(media.examples)[0]);
    if (isRecord(first) && 'value' in first) return { value: first.value };
  }
  return null;
}

/**
 * The sample of a JSON body, in the order the document offers one: the media type's
 * `example`, its first `examples` entry, the schema's `example`, else a minimal value
 * made from the schema.
 */
export function bodySample(document: OpenApiDocument, media: unknown, today: Date): unknown {
  const resolved = asRecord(resolve(document, media));
  return mediaExample(document, resolved)?.value ?? sampleFromSchema(document, resolved.schema ?? {}, today);
}

type Parameter = { name: string; in: string; required: boolean; schema: unknown; sample: { value: unknown } | null };

function readParameters(document: OpenApiDocument, ...lists: unknown[]): Parameter[] {
  const byKey = new Map<string, Parameter>();
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const parameter = asRecord(resolve(document, raw));
      if (typeof parameter.name !== 'string' || typeof parameter.in !== 'string') continue;
      const schema = asRecord(resolve(document, parameter.schema));
      byKey.set(`${parameter.in} ${parameter.name}`, {
        name: parameter.name,
        in: parameter.in,
        required: parameter.required === true,
        schema,
        sample: mediaExample(document, parameter) ?? offered(schema),
      });
    }
  }
  return [...byKey.values()];
}

/**
 * A GET's query as a sample: each parameter with the example the document gives it, and
 * the required ones without an example as a minimal value of their schema.
 */
function querySample(document: OpenApiDocument, parameters: Parameter[], today: Date): Json {
  const query: Json = {};
  for (const parameter of parameters) {
    if (parameter.sample) query[parameter.name] = parameter.sample.value;
    else if (parameter.required) query[parameter.name] = sampleFromSchema(document, parameter.schema, today);
  }
  return query;
}

/** Every way the document allows calling it names a scheme: none is the empty `{}`. */
function needsLogin(security: unknown): boolean {
  return Array.isArray(security) && security.length > 0 && security.every((way) => isRecord(way) && Object.keys(way).length > 0);
}

function contentTypes(value: unknown): string[] {
  return isRecord(value) && isRecord(value.content) ? Object.keys(value.content) : [];
}

function kindOf(document: OpenApiDocument, operation: Json): { kind: Operation['kind']; fileField: string | null } {
  const body = asRecord(resolve(document, operation.requestBody));
  const multipart = isRecord(body.content) ? body.content['multipart/form-data'] : undefined;
  if (multipart !== undefined) {
    const schema = asRecord(resolve(document, asRecord(multipart).schema));
    const properties = asRecord(schema.properties);
    const file = Object.entries(properties).find(([, property]) => asRecord(resolve(document, property)).format === 'binary');
    return { kind: 'upload', fileField: file?.[0] ?? 'file' };
  }
  const answers = Object.entries(asRecord(operation.responses))
    .filter(([status]) => status.startsWith('2'))
    .flatMap(([, response]) => contentTypes(resolve(document, response)));
  if (answers.includes('text/event-stream')) return { kind: 'stream', fileField: null };
  const file = answers.find((type) => type !== 'application/json' && !type.startsWith('text/html') && type !== 'text/plain');
  return { kind: file ? 'download' : 'json', fileField: null };
}

/**
 * The form fields sent beside an upload's file: those the document gives a value for, and
 * the required ones; null when the file is all it takes.
 */
function uploadSample(document: OpenApiDocument, operation: Json, fileField: string | null, today: Date): Json | null {
  const body = asRecord(resolve(document, operation.requestBody));
  const media = asRecord(asRecord(body.content)['multipart/form-data']);
  const given = mediaExample(document, media)?.value;
  if (isRecord(given)) return Object.fromEntries(Object.entries(given).filter(([name]) => name !== fileField));
  const schema = asRecord(resolve(document, media.schema));
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const others = Object.entries(asRecord(schema.properties)).filter(([name]) => name !== fileField);
  if (others.length === 0) return null;
  const fields: Json = {};
  for (const [name, property] of others) {
    const offer = offered(asRecord(resolve(document, property)));
    if (offer) fields[name] = offer.value;
    else if (required.has(name)) fields[name] = sampleFromSchema(document, property, today);
  }
  return fields;
}

/** Every call of the document, in its order, each with its sample payload. */
export function readOperations(document: OpenApiDocument, today: Date): Operation[] {
  const operations: Operation[] = [];
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    const item = asRecord(resolve(document, rawItem));
    for (const method of METHODS) {
      const operation = item[method.toLowerCase()];
      if (!isRecord(operation)) continue;
      const parameters = readParameters(document, item.parameters, operation.parameters);
      const query = parameters.filter((parameter) => parameter.in === 'query');
      const { kind, fileField } = kindOf(document, operation);
      const body = asRecord(resolve(document, operation.requestBody));
      const json = isRecord(body.content) ? body.content['application/json'] : undefined;
      let sample: Json | null = null;
      if (kind === 'upload') sample = uploadSample(document, operation, fileField, today);
      else if (method === 'GET') sample = query.length > 0 ? querySample(document, query, today) : null;
      else if (json !== undefined) {
        const value = bodySample(document, json, today);
        sample = isRecord(value) ? value : {};
      }
      const tags = Array.isArray(operation.tags) ? operation.tags.filter((tag) => typeof tag === 'string') : [];
      operations.push({
        name: `${method} ${path}`,
        tag: tags[0] ?? 'default',
        method,
        path,
        summary: typeof operation.summary === 'string' ? operation.summary : '',
        pathParams: pathParams(path),
        queryParams: query.map((parameter) => parameter.name),
        needsLogin: needsLogin(operation.security ?? document.security),
        kind,
        fileField,
        sample,
      });
    }
  }
  return operations;
}

/** The tags in the document's own order (its `tags` list first), each with its calls. */
export function groupByTag(document: OpenApiDocument, operations: readonly Operation[]): { tag: string; operations: Operation[] }[] {
  const order = (document.tags ?? []).map((tag) => tag.name);
  for (const operation of operations) if (!order.includes(operation.tag)) order.push(operation.tag);
  return order
    .map((tag) => ({ tag, operations: operations.filter((operation) => operation.tag === tag) }))
    .filter((group) => group.operations.length > 0);
}
