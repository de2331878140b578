import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import '@/features/recognition/i18n';
import { FormMessage } from '@/components/ui/field';
import { FilePicker } from '@/components/ui/file-picker';
import { useToast } from '@/components/ui/toast';
import { analyzeImage } from '@/features/recognition/api/analyze-image';
import { recentImagesPath, useRecentImages } from '@/features/recognition/api/get-recent-images';
import { uploadImage } from '@/features/recognition/api/upload-image';
import type { AnalysisEvent, RecognizedFood } from '@/features/recognition/types';
import { checkPhoto, previewOf } from '@/features/recognition/utils/photo';
import { cookingLabel, issueLabel, keywordLabel, portionLabel, stepLabel } from '@/features/recognition/utils/labels';
import { clearStoredResult, readStoredResult, storeResult, type StoredResult } from '@/features/recognition/utils/stored-result';
import { serverMessage } from '@/lib/api-client';
import { localizedErrorMessage } from '@/lib/error-messages';
import { displayLocale } from '@/lib/i18n';
import '@/features/recognition/recognition.css';

export type RecognizedPortion = { food: RecognizedFood; grams: number };

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading' }
  | { kind: 'analysing'; progress: number; message: string }
  | { kind: 'failed'; message: string };

type ImageRecognitionProps = {
  /** Puts the foods in the basket; answers how many went in. */
  onAddToBasket: (portions: RecognizedPortion[]) => number;
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** SPEC 2 "Photo recognition" on the dashboard. */
export function ImageRecognition({ onAddToBasket }: ImageRecognitionProps) {
  const { t, i18n } = useTranslation('recognition');
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const fileId = useId();
  const notesId = useId();
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [result, setResult] = useState<StoredResult | null>(() => readStoredResult());
  const abort = useRef<AbortController | null>(null);
  const recent = useRecentImages();
  const number = new Intl.NumberFormat(displayLocale(i18n.resolvedLanguage), { maximumFractionDigits: 1 });

  // Leaving the page stops an analysis in progress.
  useEffect(() => () => abort.current?.abort(), []);

  const busy = phase.kind === 'uploading' || phase.kind === 'analysing';
  const nameOf = (food: RecognizedFood) =>
    i18n.resolvedLanguage === 'zh' && food.name_zh ? food.name_zh : food.name;

  function choose(chosen: File | null) {
    setFile(null);
    setProblem(null);
    if (!chosen) return;
    const why = checkPhoto(chosen);
    if (why) {
      setProblem(t(`errors.${why}`));
      return;
    }
    setFile(chosen);
  }

  function finish(event: AnalysisEvent, imageId: number, preview: string | null) {
    const foods = (event.foods ?? []) as RecognizedFood[];
    const stored: StoredResult = {
      imageId,
      preview,
      portions: foods.map((food) => ({ food, grams: food.estimated_grams })),
      nutrition: event.stage_3 ?? null,
    };
    storeResult(stored);
    setResult(stored);
    // SPEC 5: low confidence warns, naming the food and its issues.
    for (const food of foods) {
      if (food.validation.confidence === 'low') {
        toast.warning(
          t('lowConfidence', {
            name: nameOf(food),
            issues:
              food.validation.issues.length > 0
                ? food.validation.issues.map((issue) => issueLabel(t, issue)).join(t('issueSeparator'))
                : t('noReference'),
          }),
        );
      }
    }
    if (foods.length === 0) toast.info(t('nothingFound'));
  }

  async function analyse(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      setProblem(t('errors.notAnImage'));
      return;
    }
    if (busy) return;
    const controller = new AbortController();
    abort.current = controller;
    clearStoredResult();
    setResult(null);
    setPhase({ kind: 'uploading' });
    const preview = await previewOf(file);
    let imageId: number;
    try {
      imageId = (await uploadImage(file, notes)).id;
    } catch (error) {
      setPhase({ kind: 'failed', message: serverMessage(error) ?? t('errors.uploadFailed') });
      return;
    }
    setPhase({ kind: 'analysing', progress: 0, message: t('analysing') });
    try {
      const last = await analyzeImage(
        imageId,
        (step) => {
          if (step.step !== 'complete' && step.step !== 'error') {
            setPhase({ kind: 'analysing', progress: step.progress, message: stepLabel(t, step.step, step.message) });
          }
        },
        controller.signal,
      );
      if (last?.step === 'complete') {
        finish(last, imageId, preview);
        setPhase({ kind: 'idle' });
      } else if (last?.step === 'error') {
        setPhase({
          kind: 'failed',
          message: localizedErrorMessage(last.error?.code, last.error?.message) ?? t('errors.analysisFailed'),
        });
      } else {
        setPhase({ kind: 'failed', message: t('errors.streamFailed') });
      }
    } catch (error) {
      if (isAbort(error)) {
        setPhase({ kind: 'idle' });
        toast.info(t('cancelled'));
      } else {
        setPhase({ kind: 'failed', message: serverMessage(error) ?? t('errors.analysisFailed') });
      }
    } finally {
      abort.current = null;
      void mutate((key) => Array.isArray(key) && key[0] === recentImagesPath);
    }
  }

  function setGrams(index: number, grams: number) {
    if (!result) return;
    const next = {
      ...result,
      portions: result.portions.map((p, i) => (i === index ? { ...p, grams } : p)),
    };
    storeResult(next);
    setResult(next);
  }

  function addAll() {
    const portions = result?.portions.filter((p) => p.grams > 0) ?? [];
    if (portions.length === 0) {
      toast.error(t('errors.noFoods'));
      return;
    }
    const added = onAddToBasket(portions);
    if (added === 0) toast.error(t('errors.noFoods'));
    else toast.success(t('added', { count: added }));
    if (added < portions.length) toast.warning(t('someLeftOut', { count: portions.length - added }));
  }

  return (
    <section className="panel recognition" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('title')}</h2>
      <form className="recognition-form" onSubmit={(event) => void analyse(event)}>
        <div className="field">
          <label htmlFor={fileId} className="field-label">
            {t('choose')}
          </label>
          <FilePicker
            id={fileId}
            accept="image/*"
            disabled={busy}
            chooseLabel={t('chooseFile')}
            noneLabel={t('noFile')}
            onFile={choose}
          />
        </div>
        <div className="field">
          <label htmlFor={notesId} className="field-label">
            {t('notes')}
          </label>
          <input
            id={notesId}
            type="text"
            maxLength={500}
            placeholder={t('notesHint')}
            value={notes}
            disabled={busy}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>
        <div className="recognition-actions">
          <button type="submit" className="btn btn-primary" disabled={busy || !file}>
            {phase.kind === 'uploading' ? t('uploading') : t('analyse')}
          </button>
          {phase.kind === 'analysing' && (
            <button type="button" className="btn btn-secondary" onClick={() => abort.current?.abort()}>
              {t('cancel')}
            </button>
          )}
        </div>
      </form>
      {problem && <FormMessage tone="error">{problem}</FormMessage>}
      {phase.kind === 'failed' && <FormMessage tone="error">{phase.message}</FormMessage>}
      {phase.kind === 'analysing' && (
        <div className="recognition-progress">
          <div
            className="goal-bar"
            role="progressbar"
            aria-label={t('progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={phase.progress}
          >
            <span style={{ width: `${phase.progress}%` }} />
          </div>
          <p aria-live="polite">
            {phase.progress}% · {phase.message}
          </p>
        </div>
      )}

      {result && (
        <div className="recognition-result">
          {result.preview && <img src={result.preview} alt={t('preview')} className="recognition-preview" />}
          {result.portions.length === 0 ? (
            <p className="stats-empty">{t('nothingFound')}</p>
          ) : (
            <ul className="recognition-foods" aria-label={t('foods')}>
              {result.portions.map((portion, index) => (
                <RecognizedLine
                  key={`${portion.food.name}-${index}`}
                  portion={portion}
                  name={nameOf(portion.food)}
                  format={(v) => number.format(v)}
                  onGrams={(grams) => setGrams(index, grams)}
                />
              ))}
            </ul>
          )}
          <button type="button" className="btn btn-primary" onClick={addAll}>
            {t('addAll')}
          </button>
        </div>
      )}

      {recent.data && recent.data.images.length > 0 && (
        <div className="recognition-history">
          <h3>{t('history')}</h3>
          <ul>
            {recent.data.images.map((image) => (
              <li key={image.id}>
                <time dateTime={image.created_at}>{new Date(image.created_at).toLocaleString(displayLocale(i18n.resolvedLanguage))}</time>
                <span>{image.keywords.length > 0 ? image.keywords.map((k) => keywordLabel(t, k)).join(t('issueSeparator')) : t(`status.${image.processing_status}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

type LineProps = {
  portion: RecognizedPortion;
  name: string;
  format: (value: number) => string;
  onGrams: (grams: number) => void;
};

function RecognizedLine({ portion, name, format, onGrams }: LineProps) {
  const { t } = useTranslation('recognition');
  const inputId = useId();
  const { food, grams } = portion;
  const kcal = (food.per_100g.calories * grams) / 100;
  return (
    <li className="recognition-food">
      <div>
        <strong>{name}</strong>
        <span className={`confidence confidence-${food.validation.confidence}`}>
          {t(`confidence.${food.validation.confidence}`)}
        </span>
        <p className="recognition-portion">
          {[portionLabel(t, food.portion_description), cookingLabel(t, food.cooking_method)].filter(Boolean).join(' · ')}
        </p>
      </div>
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
        value={grams}
        onChange={(event) => {
          const value = Number(event.target.value);
          if (Number.isFinite(value) && value >= 0) onGrams(value);
        }}
      />
      <span aria-hidden="true">{t('gramsUnit')}</span>
      <span className="recognition-kcal">{t('kcal', { value: format(kcal) })}</span>
    </li>
  );
}
