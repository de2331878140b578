import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BarcodeFoodItem } from '@/features/barcodes/components/barcode-food';
import type { BarcodeScan } from '@/features/barcodes/types';
import type { SavedFood } from '@/types/food';

type BarcodeResultsProps = {
  scan: BarcodeScan;
  onAdd: (food: SavedFood) => void;
  /** Offered for every barcode without a food: unknown, refused, or not looked up. */
  onCreateFood?: (barcode: string) => void;
};

/**
 * Why a barcode has no food, in plain words by the server's code: its own text names
 * hosts and HTTP statuses ("answered 503") and is English on a Chinese page.
 */
const MISSING_REASONS = {
  BARCODE_NOT_FOUND: 'results.reasons.notFound',
  BARCODE_LOOKUP_UNAVAILABLE: 'results.reasons.unavailable',
  PRODUCT_REJECTED: 'results.reasons.rejected',
} as const;

function reasonKey(code: string) {
  return code in MISSING_REASONS ? MISSING_REASONS[code as keyof typeof MISSING_REASONS] : 'results.reasons.other';
}

/** The barcodes of one scan, why some found no food, and the foods found. */
export function BarcodeResults({ scan, onAdd, onCreateFood }: BarcodeResultsProps) {
  const { t } = useTranslation('barcodes');
  const barcodesId = useId();
  const missingId = useId();
  const foodsId = useId();
  // The server names a missing barcode by its GTIN; people read the printed digits.
  const printed = (code: string) => scan.barcodes.find((barcode) => barcode.data === code)?.formatted_data ?? code;

  return (
    <div className="barcode-results">
      {scan.barcodes.length > 0 && (
        <>
          <h3 id={barcodesId}>{t('results.barcodes')}</h3>
          <ul aria-labelledby={barcodesId} className="barcode-lines">
            {scan.barcodes.map((barcode, index) => (
              <li key={`${barcode.data}-${index}`} className="barcode-line">
                <span className="barcode-digits">{barcode.formatted_data}</span>
                <span className="barcode-type">{barcode.type}</span>
                {!barcode.is_food && <span className="barcode-note">{t('results.notFood')}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      {scan.missing.length > 0 && (
        <>
          <h3 id={missingId}>{t('results.missing')}</h3>
          <ul aria-labelledby={missingId} className="barcode-lines">
            {scan.missing.map((missing) => (
              <MissingLine
                key={missing.barcode}
                text={t('results.missingLine', { barcode: printed(missing.barcode), message: t(reasonKey(missing.code)) })}
                onCreate={onCreateFood && (() => onCreateFood(missing.barcode))}
              />
            ))}
          </ul>
        </>
      )}
      {scan.foods.length > 0 && (
        <>
          <h3 id={foodsId}>{t('results.foods')}</h3>
          <ul aria-labelledby={foodsId} className="barcode-foods">
            {scan.foods.map((entry) => (
              <BarcodeFoodItem key={`${entry.barcode}-${entry.food.id}`} entry={entry} onAdd={onAdd} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** A barcode without food, and the way on whatever the reason: a food of one's own for it. */
function MissingLine({ text, onCreate }: { text: string; onCreate: (() => void) | undefined }) {
  const { t } = useTranslation('barcodes');
  const textId = useId();
  return (
    <li className="barcode-line barcode-missing">
      <span id={textId}>{text}</span>
      {onCreate && (
        <button type="button" className="btn btn-primary" aria-describedby={textId} onClick={onCreate}>
          {t('results.createFood')}
        </button>
      )}
    </li>
  );
}
