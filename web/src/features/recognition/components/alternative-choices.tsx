import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { keepClearOfMessages } from '@/components/ui/toast';
import type { AlternativeFood, PhotoPortion } from '@/features/recognition/types';
import { pickAlternative } from '@/features/recognition/utils/answers';
import { learnedLabel } from '@/features/recognition/utils/labels';

/** The contract's limit: the recogniser's next best guesses, best first. */
export const MAX_ALTERNATIVES = 5;

type AlternativeChipProps = {
  alternative: AlternativeFood;
  name: string;
  onPick: () => void;
};

/**
 * One alternative, taken in one tap. One this user's photos taught says so under its name,
 * which stays the button's name (the words describe it).
 */
export function AlternativeChip({ alternative, name, onPick }: AlternativeChipProps) {
  const { t } = useTranslation('recognition');
  const noteId = useId();
  const learned = learnedLabel(t, alternative.source);
  return (
    <button
      type="button"
      className="chip recognition-chip"
      aria-label={learned ? name : undefined}
      aria-describedby={learned ? noteId : undefined}
      onClick={onPick}
    >
      {name}
      {learned && (
        <span id={noteId} className="recognition-chip-note">
          {learned}
        </span>
      )}
    </button>
  );
}

type AlternativeChoicesProps = {
  portion: PhotoPortion;
  nameOf: (food: AlternativeFood) => string;
  onPick: (picked: PhotoPortion) => void;
};

/**
 * Under a food the recogniser was not sure of, its other guesses, each one tap: the one
 * taken replaces the food in place, and the food becomes one of them.
 */
export function AlternativeChoices({ portion, nameOf, onPick }: AlternativeChoicesProps) {
  const { t } = useTranslation('recognition');
  const labelId = useId();
  const alternatives = (portion.food.alternatives ?? []).slice(0, MAX_ALTERNATIVES);
  return (
    <div role="group" aria-labelledby={labelId} className="recognition-alternatives" {...keepClearOfMessages}>
      <p id={labelId} className="recognition-muted">
        {t('alternatives.label')}
      </p>
      <div className="recognition-choices">
        {alternatives.map((alternative, index) => (
          <AlternativeChip
            key={`${alternative.name}-${index}`}
            alternative={alternative}
            name={nameOf(alternative)}
            onPick={() => onPick(pickAlternative(portion, index))}
          />
        ))}
      </div>
    </div>
  );
}
