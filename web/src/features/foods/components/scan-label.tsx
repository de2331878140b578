import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/ui/field';
import { useReadLabel, type LabelReading } from '@/features/foods/api/read-label';
import { useFailureText } from '@/lib/use-failure-text';

type ScanLabelProps = {
  /** The barcode the food is made for, kept with the label read. */
  barcode?: string | undefined;
  onRead: (label: LabelReading) => void;
};

/**
 * "Scan a label": a photo of a nutrition table (the phone's camera, or a file) read by
 * the server into the form's values.
 */
export function ScanLabel({ barcode, onRead }: ScanLabelProps) {
  const { t } = useTranslation('foods');
  const failureText = useFailureText();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const reading = useReadLabel();
  const [error, setError] = useState<string | null>(null);

  async function onPhoto(event: ChangeEvent<HTMLInputElement>) {
    const photo = event.target.files?.[0];
    // The same photo may be chosen again after a failure.
    event.target.value = '';
    if (!photo) return;
    setError(null);
    try {
      onRead(await reading.trigger(barcode ? { photo, barcode } : { photo }));
    } catch (caught) {
      setError(failureText(caught, t('label.failed')));
    }
  }

  return (
    <div className="scan-label">
      <button
        type="button"
        className="btn btn-secondary scan-label-button"
        onClick={() => input.current?.click()}
        disabled={reading.isMutating}
        aria-describedby={hintId}
      >
        {reading.isMutating ? t('label.reading') : t('label.scan')}
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t('label.photo')}
        onChange={(event) => void onPhoto(event)}
      />
      {reading.isMutating ? (
        <progress className="scan-label-progress" aria-label={t('label.reading')} />
      ) : (
        <p id={hintId} className="field-hint">
          {t('label.hint')}
        </p>
      )}
      {error && <FormMessage tone="error">{error}</FormMessage>}
    </div>
  );
}
