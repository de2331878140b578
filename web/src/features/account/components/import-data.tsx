import { useId, useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { NotAnExportError, useImportData, type Imported } from '@/features/account/api/import-data';
import { ApiError, CLIENT_ERROR_CODES } from '@/lib/api-client';
import { displayLocale } from '@/lib/i18n';
import { useFailureText } from '@/lib/use-failure-text';

/** The parts of an import, in the order a person reads them back. */
const PARTS = ['meals', 'custom_foods', 'recipes', 'weights', 'favorites'] as const satisfies ReadonlyArray<
  keyof Imported
>;

/** "Import data": a JSON export read back into an account that holds nothing yet. */
export function ImportData() {
  const { t, i18n } = useTranslation('pages');
  const toast = useToast();
  const failureText = useFailureText();
  const importer = useImportData();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  function importedText(imported: Imported): string {
    const parts = PARTS.filter((part) => imported[part] > 0).map((part) =>
      t(`profile.account.importedParts.${part}`, { count: imported[part] }),
    );
    if (parts.length === 0) return t('profile.account.importedNothing');
    const list = new Intl.ListFormat(displayLocale(i18n.resolvedLanguage), { type: 'conjunction' }).format(parts);
    return t('profile.account.imported', { parts: list });
  }

  function failedText(error: unknown): string {
    if (error instanceof NotAnExportError) return t('profile.account.importNotJson');
    if (error instanceof ApiError && error.code !== CLIENT_ERROR_CODES.network) {
      if (error.status === 409) return t('profile.account.importNotEmpty');
      if (error.status === 413) return t('profile.account.importTooLarge');
      if (error.status === 422 || error.status === 404) {
        // The server's message names the part of the file that is wrong.
        const reason = failureText(error, '').replace(/[.。]$/, '');
        if (reason) return t('profile.account.importRejected', { reason });
      }
    }
    return failureText(error, t('profile.account.importFailed'));
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    try {
      toast.success(importedText(await importer.trigger(file)));
    } catch (error) {
      toast.error(failedText(error));
    }
  }

  return (
    <li>
      <div>
        <strong>{t('profile.account.importData')}</strong>
        <p className="muted" id={hintId}>
          {importer.isMutating ? t('profile.account.importing') : t('profile.account.importHint')}
        </p>
      </div>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={importer.isMutating}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
      >
        {t('profile.account.importData')}
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void onFile(event)}
      />
    </li>
  );
}
