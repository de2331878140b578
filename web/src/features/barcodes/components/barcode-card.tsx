import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarcodeDialog } from '@/features/barcodes/components/barcode-dialog';
import { useAddToBasket, type AddToBasket } from '@/features/barcodes/hooks/use-add-to-basket';
import { useFoodDisplay } from '@/features/barcodes/hooks/use-food-display';
import type { BarcodeFood, CreateBarcodeFood } from '@/features/barcodes/types';
import { readBarcodeFoods, storeBarcodeFoods } from '@/features/barcodes/utils/stored-foods';
import '@/features/barcodes/barcodes.css';

type BarcodeCardProps = {
  /** The page opens the dialog for `?mode=barcode` as well as for the card's button. */
  dialogOpen: boolean;
  onDialogOpenChange: (open: boolean) => void;
  onAddToBasket: AddToBasket;
  /** The page's form for a food of a barcode no database knows. */
  createOwnFood?: CreateBarcodeFood;
};

/** SPEC 2 /dashboard "barcode results card": the foods of the last scan, kept across visits. */
export function BarcodeCard({ dialogOpen, onDialogOpenChange, onAddToBasket, createOwnFood }: BarcodeCardProps) {
  const { t } = useTranslation('barcodes');
  const show = useFoodDisplay();
  const addToBasket = useAddToBasket(onAddToBasket);
  const titleId = useId();
  const [foods, setFoods] = useState<BarcodeFood[]>(() => readBarcodeFoods());

  function keep(found: BarcodeFood[]) {
    storeBarcodeFoods(found);
    setFoods(found);
  }

  return (
    <section className="panel barcode-card" aria-labelledby={titleId}>
      <div className="barcode-card-header">
        <h2 id={titleId}>{t('card.title')}</h2>
        <button type="button" className="btn btn-secondary" onClick={() => onDialogOpenChange(true)}>
          {t('card.open')}
        </button>
      </div>
      {foods.length === 0 ? (
        <p className="barcode-empty">{t('card.empty')}</p>
      ) : (
        <ul className="barcode-card-foods" aria-label={t('card.foods')}>
          {foods.map(({ barcode, food }) => (
            <li key={`${barcode}-${food.id}`} className="barcode-card-food">
              <div>
                <strong>{show.name(food)}</strong>
                {food.brand && <p className="barcode-food-brand">{food.brand}</p>}
                <p className="barcode-card-facts">
                  <span>{t('card.per100g', { calories: show.number(food.calories_per_100g) })}</span>
                  {food.nutrition_grade && (
                    <span className="nutrition-grade">
                      {t('food.grade')}{' '}
                      <span className={`grade grade-${food.nutrition_grade.toLowerCase()}`}>{food.nutrition_grade}</span>
                    </span>
                  )}
                </p>
              </div>
              <button type="button" className="btn btn-primary btn-small" onClick={() => addToBasket(food)}>
                {t('food.add')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <BarcodeDialog
        open={dialogOpen}
        onClose={() => onDialogOpenChange(false)}
        onFoods={keep}
        onAddToBasket={onAddToBasket}
        createOwnFood={createOwnFood}
      />
    </section>
  );
}
