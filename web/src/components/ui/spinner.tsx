import { useTranslation } from 'react-i18next';

/** A polite loading indicator; the label defaults to "Loading…". */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="spinner-wrap">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('status.loading')}</span>
    </div>
  );
}
