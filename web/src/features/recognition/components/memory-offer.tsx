import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { keepClearOfMessages } from '@/components/ui/toast';

type MemoryOfferProps = {
  /** "Like your 红烧肉 of Nov 12 — 250 g?" */
  question: string;
  onAccept: () => void;
};

/** An earlier meal this photo looks like, offered before the foods: one tap logs it again. */
export function MemoryOffer({ question, onAccept }: MemoryOfferProps) {
  const { t } = useTranslation('recognition');
  const questionId = useId();
  return (
    <div role="group" aria-labelledby={questionId} className="recognition-memory" {...keepClearOfMessages}>
      <p id={questionId}>{question}</p>
      <button type="button" className="btn btn-primary" onClick={onAccept}>
        {t('memory.accept')}
      </button>
    </div>
  );
}
