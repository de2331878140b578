import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { OutputAsset, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { STORAGE_KEYS } from './src/config/constants';
import { LAYOUT_WORDS, PAGES } from './src/config/pages';
import { defineConfig } from 'vitest/config';

/** Files the shell does not need offline: the barcode reader's WebAssembly (about 1 MB)
 *  is fetched when the camera opens, as before. */
const SKIP = /\.(wasm|map)$/;

function publicFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? publicFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

/**
 * Emits /sw.js from scripts/sw.js with the list of files to precache: '/' (index.html)
 * and every hashed asset of this build, plus the public folder (manifests, icons). The
 * list changes with every build, and with it the worker's bytes, which is how the
 * browser notices a new version.
 */
function serviceWorker({ source, publicDir }: { source: string; publicDir: string }): Plugin {
  return {
    name: 'calorie-tracker-service-worker',
    apply: 'build',
    // After Vite's own plugins, which drop the JS chunks of CSS-only modules.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const files = [
        '/',
        ...Object.keys(bundle).filter((name) => name !== 'index.html'),
        ...publicFiles(publicDir),
      ]
        .filter((file) => !SKIP.test(file))
        .map((file) => (file.startsWith('/') ? file : `/${file}`))
        .sort();
      const build = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const code = readFileSync(source, 'utf8')
        .replace("'__BUILD__'", JSON.stringify(build))
        .replace('__PRECACHE__', JSON.stringify(files, null, 2));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
    },
  };
}

/** A language's words, one chunk per namespace (src/lib/i18n.ts). */
const WORDS_FILE = /[\\/]locales[\\/](\w+)[\\/]([\w-]+)\.json$/;

/**
 * What the first page of a visit needs besides the first load, as index.html starts it:
 * this runs as soon as it arrives, before the app's modules, reads the language as i18next
 * will (saved choice, then the browser's), and preloads the layout's words, the page's words, its code and its styles.
 * Without it they would be asked for only once the app's JavaScript has arrived and run,
 * one round trip later.
 */
function preloadFirstPage(manifest: unknown) {
  const { pages, layout, words, languageKey } = manifest as {
    pages: Record<string, { code: string[]; styles: string[]; words: string[] }>;
    layout: string[];
    words: Record<string, Record<string, string>>;
    languageKey: string;
  };
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(languageKey);
  } catch {
    // Storage refused: the browser's language decides.
  }
  const language = /^zh/i.test(saved ?? navigator.languages?.[0] ?? navigator.language ?? '') ? 'zh' : 'en';
  const page = pages[location.pathname.split('/')[1] ?? ''];
  const preload = (href: string, as?: string) => {
    const link = document.createElement('link');
    link.rel = as ? 'preload' : 'modulepreload';
    if (as) link.as = as;
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  };
  for (const namespace of [...layout, ...(page?.words ?? [])]) {
    const file = words[language]?.[namespace];
    if (file) preload(file);
  }
  for (const file of page?.code ?? []) preload(file);
  for (const file of page?.styles ?? []) preload(file, 'style');
}

function firstPagePreloads(): Plugin {
  return {
    name: 'calorie-tracker-first-page-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (chunk: OutputChunk, seen = new Set<string>()): Set<string> => {
        seen.add(chunk.fileName);
        for (const name of chunk.imports) {
          const imported = byName.get(name);
          if (imported && !seen.has(name)) withImports(imported, seen);
        }
        return seen;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      const html = bundle['index.html'] as OutputAsset | undefined;
      if (!entry || !html) return this.error('no entry chunk or index.html to preload from');
      const firstLoad = withImports(entry);

      const words: Record<string, Record<string, string>> = {};
      for (const chunk of chunks) {
        const match = WORDS_FILE.exec(chunk.facadeModuleId ?? '');
        if (match?.[1] && match[2]) (words[match[1]] ??= {})[match[2]] = `/${chunk.fileName}`;
      }
      const pages: Record<string, { code: string[]; styles: string[]; words: readonly string[] }> = {};
      for (const [key, page] of Object.entries(PAGES)) {
        const chunk = chunks.find((candidate) =>
          candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/src/app/routes/${page.file}.tsx`),
        );
        if (!chunk) return this.error(`no chunk for the page in src/app/routes/${page.file}.tsx`);
        const files = [...withImports(chunk)].filter((name) => !firstLoad.has(name));
        pages[key] = {
          code: files.map((name) => `/${name}`),
          styles: files.flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`)),
          words: page.words,
        };
      }
      // A file of its own, not an inline script, which the API's Content-Security-Policy
      // refuses; async, so it holds up neither the parser nor the first paint.
      const manifest = JSON.stringify({ pages, layout: LAYOUT_WORDS, words, languageKey: STORAGE_KEYS.language });
      const code = `(${preloadFirstPage.toString()})(${manifest});\n`;
      const fileName = `assets/first-page-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
      const script = `<script async src="/${fileName}"></script>`;
      html.source = String(html.source).replace('<script type="module"', `${script}\n    <script type="module"`);
    },
  };
}

const AMOUNT_WORDS = fileURLToPath(new URL('../models/data/amount_words.json', import.meta.url));
const ENERGY_FORMULA = fileURLToPath(new URL('../models/data/energy_formula.json', import.meta.url));

// The API (cargo run -p api) listens on 127.0.0.1:8080 by default; the dev server
// forwards /api there so the browser sees one origin, as in production where the
// API serves the built app itself.
export default defineConfig({
  plugins: [
    react(),
    firstPagePreloads(),
    serviceWorker({
      source: fileURLToPath(new URL('./scripts/sw.js', import.meta.url)),
      publicDir: fileURLToPath(new URL('./public', import.meta.url)),
    }),
  ],
  resolve: {
    alias: [
      // The words of amounts and meal times, one file for the server and the app.
      { find: '@amount-words', replacement: AMOUNT_WORDS },
      // The energy formula's numbers, the server's own.
      { find: '@energy-formula', replacement: ENERGY_FORMULA },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
  },
  server: {
    // The dev server may read those files beside the app.
    fs: { allow: ['.', AMOUNT_WORDS, ENERGY_FORMULA] },
    proxy: {
      '/api': 'http://127.0.0.1:8080',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // A language's words are files of their own (lib/i18n.ts), named by language and
        // namespace so what a visit fetched can be read from the network log.
        chunkFileNames: (chunk) => {
          const words = WORDS_FILE.exec(chunk.facadeModuleId ?? '');
          return words ? `assets/locale-${words[1]}-${words[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
        // The libraries every page needs change less often than the app, so they get a
        // file of their own that stays cached across releases. Only these: a catch-all
        // would pull lazily loaded libraries into the first load.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|swr|use-sync-external-store|dequal|i18next|react-i18next|i18next-browser-languagedetector)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    // Vitest leaves a core to itself by default, which on a two-core machine (CI) runs the
    // files one at a time; two workers there took 30 % less time.
    pool: 'threads',
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Above the 5 s that `findBy…` may wait (src/testing/setup.ts).
    testTimeout: 15_000,
    unstubGlobals: true,
  },
});
