import type { Operation } from '@/features/devtools/utils/openapi';

/**
 * Values of path parameters learnt so far, by slot: the path up to the parameter, e.g.
 * `/foods/{id}`. Every call with that slot (`GET /foods/{id}/`, `DELETE /foods/{id}/delete/`)
 * is filled from it, and so is a body's `food_id`.
 */
export type KnownIds = Readonly<Record<string, string>>;

/** A path parameter as calls share it: `/meals/food/{id}` is a meal's line, `/meals/{id}` a meal. */
export type Slot = {
  key: string;
  param: string;
  /** The words of the path before the parameter, singular: `['meal', 'food']`. */
  words: string[];
};

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `foods` -> `food`, `recipes` -> `recipe`; enough for the nouns of an API path. */
function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The literal words of a path (or of its start), split at `/` and `-`, singular. */
function wordsOf(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment !== '' && !segment.startsWith('{'))
    .flatMap((segment) => segment.split(/[-_.]/))
    .filter((word) => word !== '')
    .map(singular);
}

export function slotKey(path: string, param: string): string {
  const marker = `{${param}}`;
  return path.slice(0, path.indexOf(marker) + marker.length);
}

/** Every slot of the document's calls. */
export function slotsOf(operations: readonly Operation[]): Slot[] {
  const slots = new Map<string, Slot>();
  for (const operation of operations) {
    for (const param of operation.pathParams) {
      const key = slotKey(operation.path, param);
      if (!slots.has(key)) slots.set(key, { key, param, words: wordsOf(key) });
    }
  }
  return [...slots.values()];
}

/**
 * The `id` slot a call's answer is about: the most specific one whose words all appear in
 * the call's path (`POST /meals/record-weight/` is about `/meals/weight/{id}`, not
 * `/meals/{id}`). None when two unrelated ones fit (`POST /images/create-meal/`).
 */
function slotAbout(slots: readonly Slot[], path: string): Slot | null {
  const words = new Set(wordsOf(path));
  const fitting = slots.filter((slot) => slot.param === 'id' && slot.words.every((word) => words.has(word)));
  const best = fitting.reduce<Slot | null>((most, slot) => (!most || slot.words.length > most.words.length ? slot : most), null);
  if (!best) return null;
  return fitting.every((slot) => slot.words.every((word) => best.words.includes(word))) ? best : null;
}

function idOf(value: unknown): string | null {
  if (!isRecord(value)) return null;
  const id = value.id;
  return typeof id === 'number' && Number.isFinite(id) ? String(id) : null;
}

/** The arrays of an object whose first item has an id, by name. */
function listsOf(value: Json): [string, Json][] {
  return Object.entries(value).flatMap(([name, list]) =>
    Array.isArray(list) && idOf(list[0]) !== null ? [[name, list[0] as Json] as [string, Json]] : [],
  );
}

/** The first item of each array of an object. */
function firstItems(value: Json): Json[] {
  return Object.values(value).flatMap((list) => (Array.isArray(list) && isRecord(list[0]) ? [list[0]] : []));
}

/** A thing's lists name the things inside it: a meal's `foods` are its lines, `/meals/food/{id}`. */
function captureInner(slots: readonly Slot[], outer: Slot, thing: Json, ids: Record<string, string>): void {
  for (const [name, first] of listsOf(thing)) {
    const words = [...outer.words, singular(name)];
    const inner = slots.find((slot) => slot.param === 'id' && slot.words.join('/') === words.join('/'));
    const id = idOf(first);
    if (inner && id !== null) ids[inner.key] = id;
  }
}

export type Answered = {
  operation: Operation;
  /** The path parameters as sent. */
  pathValues: Record<string, string>;
  status: number;
  body: unknown;
};

/**
 * What a successful call teaches: the path values it was sent with, the id of what a
 * POST created (201), the first item of what a GET listed (and the first of the lists
 * inside it), and any field named as a path parameter (`fdc_id`).
 */
export function capturedIds(slots: readonly Slot[], answered: Answered): KnownIds {
  const { operation, pathValues, status, body } = answered;
  if (status < 200 || status >= 300) return {};
  const ids: Record<string, string> = {};
  for (const [param, value] of Object.entries(pathValues)) {
    if (value.trim() !== '') ids[slotKey(operation.path, param)] = value.trim();
  }
  const data = isRecord(body) && 'success' in body ? body.data : body;
  if (!isRecord(data)) return ids;

  for (const slot of slots) {
    if (slot.param === 'id') continue;
    const value = [data, ...firstItems(data)]
      .map((thing) => thing[slot.param])
      .find((found) => typeof found === 'number' || (typeof found === 'string' && found !== ''));
    if (value !== undefined) ids[slot.key] = String(value);
  }

  const created = operation.method === 'POST' && status === 201 ? idOf(data) : null;
  if (created !== null) {
    const last = operation.pathParams.at(-1);
    const about = last ? slots.find((slot) => slot.key === slotKey(operation.path, last)) : slotAbout(slots, operation.path);
    if (about?.param === 'id') {
      ids[about.key] = created;
      captureInner(slots, about, data, ids);
    }
  } else if (operation.method === 'GET' && operation.pathParams.length === 0) {
    const about = slotAbout(slots, operation.path);
    const lists = listsOf(data);
    const named = lists.find(([name]) => singular(name) === about?.words.at(-1));
    const list = named ?? (lists.length === 1 ? lists[0] : undefined);
    const id = list ? idOf(list[1]) : null;
    if (about && list && id !== null) {
      ids[about.key] = id;
      captureInner(slots, about, list[1], ids);
    }
  }
  return ids;
}

/** What a sample may be filled with besides the known ids. */
export type SampleContext = { ids: KnownIds; slots: readonly Slot[]; refreshToken: string | null };

/** The slot a body field names: `food_id` is `/foods/{id}`, `fdc_id` the slot of that name. */
function slotForField(slots: readonly Slot[], field: string): Slot | undefined {
  return (
    slots.find((slot) => slot.param === field) ??
    slots.find((slot) => slot.param === 'id' && slot.words.length === 1 && slot.words[0] === singular(field.slice(0, -3)))
  );
}

/**
 * The sample with what this visit knows: ids earlier answers revealed in `…_id` fields
 * (a meal's `food_id` is the food just created), the stored refresh token in `refresh`.
 */
export function personalised(sample: unknown, context: SampleContext): unknown {
  if (Array.isArray(sample)) return sample.map((item) => personalised(item, context));
  if (!isRecord(sample)) return sample;
  return Object.fromEntries(
    Object.entries(sample).map(([field, value]) => {
      if ((field === 'refresh' || field === 'refresh_token') && context.refreshToken) return [field, context.refreshToken];
      if (field.endsWith('_id') && (value === null || typeof value !== 'object')) {
        const slot = slotForField(context.slots, field);
        const known = slot ? context.ids[slot.key] : undefined;
        if (known !== undefined) return [field, /^\d+$/.test(known) ? Number(known) : known];
      }
      return [field, personalised(value, context)];
    }),
  );
}
