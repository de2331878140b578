import { useId, useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/ui/field';
import { WorkProgress } from '@/components/ui/work-progress';
import type { LabelReading } from '@/features/foods/api/read-label';
import { useLabelReading } from '@/features/foods/hooks/use-label-reading';
import { useProgressText } from '@/lib/use-progress-text';

type ScanLabelProps = {
  /** The barcode the food is made for, kept with the label read. */
  barcode?: string | undefined;
  onRead: (label: LabelReading) => void;
};

/**
 * "Scan a label": a photo of a nutrition table (the phone's camera, or a file) read by
 * the server into the form's values, with the read's progress as it goes.
 */
export function ScanLabel({ barcode, onRead }: ScanLabelProps) {
  const { t } = useTranslation('foods');
  const progressText = useProgressText();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { reading, error, read } = useLabelReading(barcode, onRead);

  function onPhoto(event: ChangeEvent<HTMLInputElement>) {
    const photo = event.target.files?.[0];
    // The same photo may be chosen again after a failure.
    event.target.value = '';
    if (photo) void read(photo);
  }

  return (
    <div className="scan-label">
      <button
        type="button"
        className="btn btn-secondary scan-label-button"
        onClick={() => input.current?.click()}
        disabled={reading !== null}
        aria-describedby={hintId}
      >
        {reading ? t('label.reading') : t('label.scan')}
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t('label.photo')}
        onChange={onPhoto}
      />
      {reading ? (
        <WorkProgress
          label={t('label.progress')}
          progress={reading.progress?.progress ?? 0}
          text={progressText(reading.progress, t('label.reading'))}
        />
      ) : (
        <p id={hintId} className="field-hint">
          {t('label.hint')}
        </p>
      )}
      {error && <FormMessage tone="error">{error}</FormMessage>}
    </div>
  );
}
