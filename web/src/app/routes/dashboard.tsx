import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { dateKey, parseDateKey, startOfDay } from '@/components/date-time/dates';
import { Page } from '@/components/layout/page';
import { AfterFirstPaint } from '@/components/ui/deferred';
import { paths } from '@/config/paths';
import { BarcodeCard } from '@/features/barcodes/components/barcode-card';
import type { CreateBarcodeFood } from '@/features/barcodes/types';
import { useBasket } from '@/features/basket/hooks/use-basket';
import { useQueuedSaves } from '@/features/basket/hooks/use-save-queue';
import { foodFromMealLine } from '@/features/basket/utils/basket';
import { EnergyCheckIn } from '@/features/energy/components/energy-check-in';
import { customFoodDialog } from '@/features/foods/components/custom-food-dialog-part';
import { DayMeals } from '@/features/meals/components/day-meals';
import type { WaitingMeal } from '@/features/meals/types';
import { useProfile } from '@/features/profile/api/get-profile';
import { ImageRecognition, type RecognizedPortion } from '@/features/recognition/components/image-recognition';
import { forgetHandedPhoto, handedPhoto } from '@/lib/photo-handover';

export function DashboardRoute() {
  const { t } = useTranslation('pages');
  const basket = useBasket();
  const [barcodeDialogOpen, setBarcodeDialogOpen] = useBarcodeModeLink();
  const [day, setDay, today] = useDayLink();
  const photoToAnalyse = usePhotoHandedOver();
  const profile = useProfile();
  // A profile that cannot be read leaves the macro goals at the default split.
  const macroSettings = profile.data ? profile.data.profile : profile.error ? null : undefined;
  const waiting = useWaitingMeals();

  // Recognised foods go into the basket like foods from the search; a food with no stored
  // values (an unknown food's defaults) cannot be logged and is left out.
  function addToBasket(portions: RecognizedPortion[]): number {
    let added = 0;
    for (const { food, grams } of portions) {
      if (food.food_id === null) continue;
      const line = {
        food_id: food.food_id,
        food_name: food.name,
        food_name_zh: food.name_zh,
        brand: null,
        quantity: grams,
        per_100g: food.per_100g,
      };
      basket.add(foodFromMealLine(line, food.food_id), grams);
      added += 1;
    }
    return added;
  }

  return (
    <Page title={t('dashboard.title')}>
      <EnergyCheckIn />
      <div className="dashboard-grid">
        <DayMeals day={day} today={today} onDayChange={setDay} macroSettings={macroSettings} waiting={waiting} />
        <div className="dashboard-column">
          <AfterFirstPaint>
            <ImageRecognition onAddToBasket={addToBasket} photoToAnalyse={photoToAnalyse} />
            <BarcodeCard
              dialogOpen={barcodeDialogOpen}
              onDialogOpenChange={setBarcodeDialogOpen}
              onAddToBasket={basket.add}
              createOwnFood={createBarcodeFood}
            />
          </AfterFirstPaint>
        </div>
      </div>
    </Page>
  );
}

/** The meals saved offline, as the day shows them until they are sent. */
function useWaitingMeals(): WaitingMeal[] {
  const queued = useQueuedSaves();
  return useMemo(
    () =>
      queued.map(({ key, payload, shown }) => ({
        key,
        name: payload.name,
        meal_type: payload.meal_type,
        eaten_at: payload.date,
        totals: shown?.totals ?? null,
        foods: shown?.foods ?? [],
      })),
    [queued],
  );
}

/** A barcode no database knows gets a custom food of its own, made with the food search's dialog. */
const createBarcodeFood: CreateBarcodeFood = ({ barcode, onSaved, onClose }) => (
  <Suspense fallback={null}>
    <customFoodDialog.Component request={{ mode: 'create', barcode }} onClose={onClose} onSaved={onSaved} />
  </Suspense>
);

/**
 * The day shown is in the address (`/dashboard?date=YYYY-MM-DD`, today without it), so
 * Back returns to the day before and a link or reload keeps it.
 */
function useDayLink() {
  const [params, setParams] = useSearchParams();
  const today = startOfDay(new Date());
  const day = parseDateKey(params.get('date') ?? '') ?? today;
  const setDay = (next: Date) => setParams({ date: dateKey(next) });
  return [day, setDay, today] as const;
}

/**
 * SPEC 2: `/dashboard?mode=barcode` (the food search's barcode button) opens the barcode
 * dialog, then the query goes away so a reload or Back does not open it again.
 */
function useBarcodeModeLink() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const wanted = params.get('mode') === 'barcode';
  const [open, setOpen] = useState(wanted);
  // The link may come while the dashboard is showing: the dialog opens in the same render.
  const [wasWanted, setWasWanted] = useState(wanted);
  if (wanted !== wasWanted) {
    setWasWanted(wanted);
    if (wanted) setOpen(true);
  }

  useEffect(() => {
    if (wanted) void navigate(paths.dashboard, { replace: true });
  }, [wanted, navigate]);

  return [open, setOpen] as const;
}

/** The photo the food search's "Photo recognition" just had the person choose, taken once. */
function usePhotoHandedOver(): File | null {
  const [photo] = useState(handedPhoto);
  useEffect(() => forgetHandedPhoto(), []);
  return photo;
}
