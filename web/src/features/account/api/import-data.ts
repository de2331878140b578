import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { components, operations } from '@/types/api.gen';

/** The JSON file `GET /users/export/` downloads, as read back. */
export type AccountExport = operations['users_import']['requestBody']['content']['application/json'];
/** How many of each part the import wrote. */
export type Imported = components['schemas']['Imported'];

export const importDataKey = '/users/import/';

/** A file that is not a JSON object: said before anything is sent. */
export class NotAnExportError extends Error {
  constructor() {
    super('The file is not a JSON export');
    this.name = 'NotAnExportError';
  }
}

/** Reads the chosen file in the browser; only a JSON object can be an export. */
export async function readExport(file: Blob): Promise<AccountExport> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    throw new NotAnExportError();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new NotAnExportError();
  return parsed as AccountExport;
}

/** 409 CONFLICT unless the account holds nothing yet; 413, 422 and 404 write nothing. */
export function importData(data: AccountExport): Promise<Imported> {
  return api.post<Imported>(importDataKey, data);
}

/** What an import fills: meals and statistics, weights, foods and stars, recipes, goals. */
function isImportedKey(key: unknown): boolean {
  const path = Array.isArray(key) ? key[0] : key;
  return (
    typeof path === 'string' &&
    ['/meals/', '/foods/', '/recipes/', '/users/profile/'].some((prefix) => path.startsWith(prefix))
  );
}

export function useImportData() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    importDataKey,
    async (_key: string, { arg }: { arg: Blob }) => importData(await readExport(arg)),
    { onSuccess: () => void mutate(isImportedKey) },
  );
}
