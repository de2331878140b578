// Writes src/types/api.gen.ts, the TypeScript types of the API's OpenAPI document, with
// openapi-typescript. The app's API types derive from it (src/types/, features/*/types.ts).
//   node scripts/gen-api-types.mjs OPENAPI_JSON [--check]     (- or nothing: stdin)
// The document comes from the built API itself: `api openapi` prints it (make api-types).
// --check writes nothing: it exits 1 when the file differs from what the document gives.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const GENERATED = 'src/types/api.gen.ts';
const HEADER = `// Generated from the API's OpenAPI document by scripts/gen-api-types.mjs (openapi-typescript).
// Do not edit: run \`make api-types\` after changing the API's views, and derive the app's
// types from these (src/types/, src/features/*/types.ts).
`;

const args = process.argv.slice(2);
const check = args.includes('--check');
const source = args.find((arg) => arg !== '--check') ?? '-';
const text = readFileSync(source === '-' ? 0 : source, 'utf8');

let document;
try {
  document = JSON.parse(text);
} catch (error) {
  console.error(`${source === '-' ? 'stdin' : source} is not an OpenAPI document in JSON: ${error.message}`);
  process.exit(2);
}

const ast = await openapiTS(document, {
  // An object the document does not describe (a recognition result's `memory`) is one
  // whose fields are unknown, not an empty one.
  emptyObjectsUnknown: true,
  silent: true,
});
const generated = `${HEADER}\n${astToString(ast)}`;

const target = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', GENERATED);
if (check) {
  let current = null;
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // Missing counts as out of date.
  }
  if (current !== generated) {
    console.error(`web/${GENERATED} is out of date: run make api-types`);
    process.exit(1);
  }
} else {
  writeFileSync(target, generated);
  console.log(`wrote web/${GENERATED}`);
}
