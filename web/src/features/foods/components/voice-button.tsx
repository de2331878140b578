import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { useSpeechInput } from '@/features/foods/hooks/use-speech-input';
import type { Language } from '@/config/constants';

type VoiceButtonProps = {
  language: Language;
  /** The words heard, to search (a meal said reads as its lines). */
  onHeard: (text: string) => void;
};

/** A microphone in the search box, in the page's language; none where the browser cannot listen. */
export function VoiceButton({ language, onHeard }: VoiceButtonProps) {
  const { t } = useTranslation('foods');
  const toast = useToast();
  const speech = useSpeechInput(language, onHeard, (error) =>
    toast.error(error === 'not-allowed' || error === 'service-not-allowed' ? t('voice.denied') : t('voice.failed')),
  );
  if (!speech.supported) return null;
  return (
    <>
      <button
        type="button"
        className="icon-button food-voice"
        aria-label={t('voice.start')}
        aria-pressed={speech.listening}
        onClick={speech.toggle}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3Zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V21h2v-3.08A7 7 0 0 0 19 11h-2Z"
        />
        </svg>
      </button>
      {speech.listening && (
        <span role="status" className="food-voice-status">
          {t('voice.listening')}
        </span>
      )}
    </>
  );
}
