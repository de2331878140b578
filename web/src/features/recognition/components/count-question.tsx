import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepClearOfMessages } from '@/components/ui/toast';
import type { PhotoPortion } from '@/features/recognition/types';
import { answerCount, slicesOfWhole } from '@/features/recognition/utils/answers';

/** The one-tap answers; "4+" opens a number field for more. */
const CHOICES = [1, 2, 3];
const MORE = 4;
/** A plate holds fewer than this many of anything countable. */
const MOST = 999;

type CountQuestionProps = {
  portion: PhotoPortion;
  name: string;
  onAnswer: (answer: PhotoPortion) => void;
};

/**
 * "How many?" of a countable food whose number nobody counted (issue 34): the grams follow
 * the answer, which stays the person's to change until the food is in the basket. A pizza
 * that looks whole is asked its slices, the whole one tap beside 1, 2, 3.
 */
export function CountQuestion({ portion, name, onAnswer }: CountQuestionProps) {
  const { t } = useTranslation('recognition');
  const titleId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  // "4+" was tapped: the field takes the focus the person asked for.
  const opening = useRef(false);
  const counted = portion.counted;
  const whole = slicesOfWhole(portion);
  // The whole, answered, is its own chip, not a number typed after "4+".
  const [more, setMore] = useState(counted !== undefined && counted >= MORE && counted !== whole);
  const choices = [
    ...(whole === null ? [] : [{ count: whole, label: t('count.whole', { slices: whole }) }]),
    ...CHOICES.map((count) => ({ count, label: String(count) })),
  ];
  const [typed, setTyped] = useState(String(Math.max(counted ?? MORE, MORE)));

  useEffect(() => {
    if (more && opening.current) input.current?.focus();
    opening.current = false;
  }, [more]);

  return (
    <div role="group" aria-labelledby={titleId} className="recognition-count" {...keepClearOfMessages}>
      <p id={titleId} className="recognition-question-title">
        {whole === null ? t('count.question') : t('count.slicesQuestion')}
      </p>
      <div className="recognition-choices">
        {choices.map(({ count, label }) => (
          <button
            key={label}
            type="button"
            className="chip recognition-chip recognition-count-chip"
            aria-pressed={!more && counted === count}
            onClick={() => {
              setMore(false);
              onAnswer(answerCount(portion, count));
            }}
          >
            {label}
          </button>
        ))}
        <button
          type="button"
          className="chip recognition-chip recognition-count-chip"
          aria-pressed={more}
          onClick={() => {
            if (more) {
              input.current?.focus();
              return;
            }
            opening.current = true;
            setMore(true);
            setTyped(String(MORE));
            onAnswer(answerCount(portion, MORE));
          }}
        >
          {t('count.more')}
        </button>
        {more && (
          <>
            <label htmlFor={inputId} className="visually-hidden">
              {t('count.number', { name })}
            </label>
            <input
              ref={input}
              id={inputId}
              className="recognition-count-input"
              type="number"
              inputMode="numeric"
              min={1}
              max={MOST}
              step={1}
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                const value = Number(event.target.value);
                if (Number.isInteger(value) && value >= 1 && value <= MOST) onAnswer(answerCount(portion, value));
              }}
            />
          </>
        )}
      </div>
    </div>
  );
}
