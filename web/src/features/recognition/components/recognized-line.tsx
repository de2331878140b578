import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoPortion } from '@/features/recognition/types';

type RecognizedLineProps = {
  portion: PhotoPortion;
  name: string;
  /** "Looks like Banana — 86%" when the words name the food; else the name leads. */
  title: string;
  /** Certainty without the name, portion, cooking, the data's quality: the small line. */
  details: string[];
  kcal: string;
  /** Just answered: the question it replaces had the focus, which would otherwise be lost. */
  focus?: boolean;
  /** False while a question decides the grams ("How many?"): they would read as a fact. */
  showAmount?: boolean;
  onGrams: (grams: number) => void;
  /** Its questions and one-tap choices, under it across the line. */
  children?: ReactNode;
};

/** A food of the photo, sure or answered: its grams are the person's to correct until it is in the basket. */
export function RecognizedLine({
  portion,
  name,
  title,
  details,
  kcal,
  focus = false,
  showAmount = true,
  onGrams,
  children,
}: RecognizedLineProps) {
  const { t } = useTranslation('recognition');
  const inputId = useId();
  const titleRef = useRef<HTMLElement>(null);

  // The title, not the grams: focusing an input would open a phone's keyboard unasked.
  useEffect(() => {
    if (focus) titleRef.current?.focus();
  }, [focus]);

  return (
    <>
      <div className="recognition-food-text">
        <strong ref={titleRef} tabIndex={focus ? -1 : undefined}>
          {title}
        </strong>
        {details.length > 0 && <p className="recognition-muted">{details.join(' · ')}</p>}
        {portion.added && <span className="recognition-in-basket">{t('inBasket')}</span>}
      </div>
      {showAmount && (
        <div className="recognition-amount">
          <label htmlFor={inputId} className="visually-hidden">
            {t('grams', { name })}
          </label>
          <input
            id={inputId}
            type="number"
            inputMode="decimal"
            min={1}
            max={10000}
            step="any"
            value={portion.grams}
            // In the basket its grams are the basket's to change; changing them here would log nothing.
            readOnly={portion.added}
            onChange={(event) => {
              const value = Number(event.target.value);
              if (Number.isFinite(value) && value >= 0) onGrams(value);
            }}
          />
          <span aria-hidden="true">{t('gramsUnit')}</span>
          <span className="recognition-kcal">{kcal}</span>
        </div>
      )}
      {children && <div className="recognition-food-below">{children}</div>}
    </>
  );
}
