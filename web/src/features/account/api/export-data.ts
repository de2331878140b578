import useSWRMutation from 'swr/mutation';
import { saveBlob } from '@/lib/download';
import { api } from '@/lib/api-client';

export type ExportFormat = 'json' | 'csv';

/** Each format: where the server sends it, and the name if it names none. */
export const EXPORTS: Record<ExportFormat, { path: string; filename: string }> = {
  json: { path: '/users/export/', filename: 'calorie-tracker-export.json' },
  csv: { path: '/users/export/meals.csv', filename: 'calorie-tracker-meals.csv' },
};

export const exportDataKey = '/users/export/';

/** Fetches the file with the session's token and hands it to the browser as a download. */
export async function exportData(format: ExportFormat): Promise<string> {
  const { path, filename } = EXPORTS[format];
  const file = await api.download(path);
  const name = file.filename ?? filename;
  saveBlob(file.blob, name);
  return name;
}

export function useExportData() {
  return useSWRMutation(exportDataKey, (_key: string, { arg }: { arg: ExportFormat }) => exportData(arg));
}
