import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
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

// The API (cargo run -p api) listens on 127.0.0.1:8080 by default; the dev server
// forwards /api there so the browser sees one origin, as in production where the
// API serves the built app itself.
export default defineConfig({
  plugins: [
    react(),
    serviceWorker({
      source: fileURLToPath(new URL('./scripts/sw.js', import.meta.url)),
      publicDir: fileURLToPath(new URL('./public', import.meta.url)),
    }),
  ],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  server: {
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
          const words = /[\\/]locales[\\/](\w+)[\\/]([\w-]+)\.json$/.exec(chunk.facadeModuleId ?? '');
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
