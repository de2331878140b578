import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { keepClearOfMessages } from '@/components/ui/toast';
import { AlternativeChip, MAX_ALTERNATIVES } from '@/features/recognition/components/alternative-choices';
import { PhotoFoodSearch } from '@/features/recognition/components/photo-food-search';
import type { AlternativeFood, PhotoPortion } from '@/features/recognition/types';
import { pickAlternative, pickSearchFood } from '@/features/recognition/utils/answers';

type FoodQuestionProps = {
  portion: PhotoPortion;
  name: string;
  /** The portion the photo suggests (and who taught the guess), in the reader's language. */
  detail: string;
  nameOf: (food: AlternativeFood) => string;
  onAnswer: (answer: PhotoPortion) => void;
};

/**
 * An unsure food asked as a question: "Yes", one of its alternatives, or a food found by
 * search, each one tap. Until answered it is not added to the basket.
 */
export function FoodQuestion({ portion, name, detail, nameOf, onAnswer }: FoodQuestionProps) {
  const { t } = useTranslation('recognition');
  const questionId = useId();
  const alternatives = (portion.food.alternatives ?? []).slice(0, MAX_ALTERNATIVES);
  return (
    <div role="group" aria-labelledby={questionId} className="recognition-question" {...keepClearOfMessages}>
      <p id={questionId} className="recognition-question-title">
        {t('question.title', { name })}
      </p>
      {detail && <p className="recognition-muted">{detail}</p>}
      <div className="recognition-choices">
        <button type="button" className="btn btn-primary" onClick={() => onAnswer({ ...portion, answer: 'yes' })}>
          {t('question.yes')}
        </button>
        {alternatives.map((alternative, index) => (
          <AlternativeChip
            key={`${alternative.name}-${index}`}
            alternative={alternative}
            name={nameOf(alternative)}
            onPick={() => onAnswer(pickAlternative(portion, index))}
          />
        ))}
      </div>
      <PhotoFoodSearch label={t('question.somethingElse')} onPick={(food) => onAnswer(pickSearchFood(food))} />
    </div>
  );
}
