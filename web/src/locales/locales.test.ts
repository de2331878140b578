import { describe, expect, it } from 'vitest';

// Every JSON file under locales/<lang>/, loaded eagerly at build time.
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

type Tree = { [key: string]: unknown };

function byLanguage(): Map<string, Map<string, Tree>> {
  const languages = new Map<string, Map<string, Tree>>();
  for (const [path, content] of Object.entries(files)) {
    const match = /^\.\/(\w+)\/(\w[\w-]*)\.json$/.exec(path);
    if (!match) throw new Error(`unexpected locale file ${path}`);
    const [, lang = '', ns = ''] = match;
    if (!languages.has(lang)) languages.set(lang, new Map());
    languages.get(lang)?.set(ns, content);
  }
  return languages;
}

describe('locale files', () => {
  const languages = byLanguage();

  it('exist for English and Chinese', () => {
    expect([...languages.keys()].sort()).toEqual(['en', 'zh']);
  });

  it('have the same namespaces in every language', () => {
    const [first, ...rest] = [...languages.values()].map((namespaces) => [...namespaces.keys()].sort());
    for (const namespaces of rest) expect(namespaces).toEqual(first);
  });

  for (const ns of languages.get('en')?.keys() ?? []) {
    it(`have the same keys in every language: ${ns}`, () => {
      const keys = new Map(
        [...languages].map(([lang, namespaces]) => [lang, new Set(Object.keys(flatten(namespaces.get(ns) ?? {})))]),
      );
      const all = new Set([...keys.values()].flatMap((set) => [...set]));
      const missing = [...keys].flatMap(([lang, set]) =>
        [...all].filter((key) => !set.has(key)).map((key) => `${lang}/${ns}.json: ${key}`),
      );
      expect(missing).toEqual([]);
    });

    it(`have no empty strings: ${ns}`, () => {
      const empty = [...languages].flatMap(([lang, namespaces]) =>
        Object.entries(flatten(namespaces.get(ns) ?? {}))
          .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
          .map(([key]) => `${lang}/${ns}.json: ${key}`),
      );
      expect(empty).toEqual([]);
    });
  }
});

function flatten(tree: Tree, prefix = ''): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'object' && value !== null
        ? Object.entries(flatten(value as Tree, `${prefix}${key}.`))
        : [[`${prefix}${key}`, value]],
    ),
  );
}
