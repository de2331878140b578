import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import '@/features/recognition/i18n';
import { FormMessage } from '@/components/ui/field';
import { FilePicker } from '@/components/ui/file-picker';
import { useToast } from '@/components/ui/toast';
import { analyzeImage } from '@/features/recognition/api/analyze-image';
import { useConfirmImage } from '@/features/recognition/api/confirm-image';
import { recentImagesPath, useRecentImages } from '@/features/recognition/api/get-recent-images';
import { FoodQuestion } from '@/features/recognition/components/food-question';
import { MemoryOffer } from '@/features/recognition/components/memory-offer';
import { PhotoFoodSearch } from '@/features/recognition/components/photo-food-search';
import { RecognizedLine } from '@/features/recognition/components/recognized-line';
import type { AnalysisEvent, MemoryMatch, PhotoFindings, PhotoPortion, RecognizedFood } from '@/features/recognition/types';
import {
  confirmedFoods,
  memoryTaken,
  pickSearchFood,
  portionsFromMemory,
  readyToAdd,
  waitsForAnswer,
} from '@/features/recognition/utils/answers';
import {
  certaintyLabel,
  cookingLabel,
  dataQualityLabel,
  issueLabel,
  keywordLabel,
  portionText,
  stepLabel,
} from '@/features/recognition/utils/labels';
import { previewOf } from '@/features/recognition/utils/photo';
import {
  clearStoredResult,
  findingsOf,
  readStoredResult,
  storeResult,
  type StoredResult,
  type StoredStage3,
} from '@/features/recognition/utils/stored-result';
import { serverMessage } from '@/lib/api-client';
import { localizedErrorMessage } from '@/lib/error-messages';
import { displayLocale } from '@/lib/i18n';
import { dateTimeFormat, numberFormat, percentFormat } from '@/lib/intl';
import { checkPhoto, uploadImage } from '@/lib/upload-image';
import '@/features/recognition/recognition.css';

export type RecognizedPortion = { food: RecognizedFood; grams: number };

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading' }
  | { kind: 'analysing'; progress: number; message: string }
  | { kind: 'failed'; message: string };

type ImageRecognitionProps = {
  /**
   * Puts the foods in the basket; answers how many went in. A food without a `food_id`
   * (an unknown food's defaults) cannot be logged and is left out.
   */
  onAddToBasket: (portions: RecognizedPortion[]) => number;
};

type Named = { name: string; name_zh: string | null };

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** SPEC 2 "Photo recognition" on the dashboard. */
export function ImageRecognition({ onAddToBasket }: ImageRecognitionProps) {
  const { t, i18n } = useTranslation('recognition');
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const sendConfirmation = useConfirmImage();
  const fileId = useId();
  const notesId = useId();
  const titleId = useId();
  const waitingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [result, setResult] = useState<StoredResult | null>(() => readStoredResult());
  // What a screen reader hears when a result arrives; the toasts speak for the rest.
  const [announcement, setAnnouncement] = useState('');
  // The line whose question was just answered takes the focus the question had.
  const [answered, setAnswered] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const recent = useRecentImages();
  const locale = displayLocale(i18n.resolvedLanguage);
  const number = numberFormat(locale, 1);
  const percent = percentFormat(locale);

  // Leaving the page stops an analysis in progress.
  useEffect(() => () => abort.current?.abort(), []);

  const busy = phase.kind === 'uploading' || phase.kind === 'analysing';
  const nameOf = (food: Named) => (i18n.resolvedLanguage === 'zh' && food.name_zh ? food.name_zh : food.name);

  /** "Nov 12" (with the year when it is not this year), in the reader's locale. */
  function dayOf(iso: string): string | null {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return null;
    const thisYear = date.getFullYear() === new Date().getFullYear();
    return dateTimeFormat(locale, { day: 'numeric', month: 'short', ...(thisYear ? {} : { year: 'numeric' }) }).format(date);
  }

  function memoryQuestion(memory: MemoryMatch): string {
    return t('memory.offer', {
      foods: memory.foods.map(nameOf).join(t('issueSeparator')),
      date: dayOf(memory.eaten_at) ?? '',
      grams: number.format(memory.foods.reduce((sum, food) => sum + food.grams, 0)),
    });
  }

  /** The result in a sentence or two, for the live region. */
  function summary(portions: PhotoPortion[], findings: Required<PhotoFindings>): string {
    const parts: string[] = [];
    if (findings.memory && !memoryTaken(portions)) parts.push(memoryQuestion(findings.memory));
    parts.push(findings.food_found ? t('found', { count: portions.length }) : t('noFood'));
    const waiting = portions.filter(waitsForAnswer).length;
    if (waiting > 0) parts.push(t('waiting', { count: waiting }));
    if (findings.plate_warning) parts.push(t('plateWarning'));
    return parts.join(t('summarySeparator'));
  }

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
    const stage3: StoredStage3 = isRecord(event.stage_3) ? event.stage_3 : {};
    // Issue 17's findings come at the top of the event and in stage 3; a server without
    // them found food when it listed some.
    const findings: Required<PhotoFindings> = {
      food_found: event.food_found ?? stage3.food_found ?? foods.length > 0,
      memory: event.memory ?? stage3.memory ?? null,
      plate_warning: event.plate_warning ?? stage3.plate_warning ?? null,
    };
    // No food in the photo: whatever the analysis guessed is not listed.
    const listed = findings.food_found ? foods : [];
    const portions = listed.map((food) => ({ food, grams: food.estimated_grams }));
    const stored: StoredResult = { imageId, preview, portions, nutrition: { ...stage3, ...findings } };
    storeResult(stored);
    setResult(stored);
    setAnnouncement(summary(portions, findings));
    // SPEC 5: nutrition values that are only estimates warn, naming the food and why;
    // worded as the data's quality, never as how sure the recogniser is of the name.
    for (const food of listed) {
      if (food.validation?.confidence === 'low') {
        toast.warning(
          t('lowDataQuality', {
            name: nameOf(food),
            issues:
              food.validation.issues.length > 0
                ? food.validation.issues.map((issue) => issueLabel(t, issue)).join(t('issueSeparator'))
                : t('noReference'),
          }),
        );
      }
    }
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
    setAnnouncement('');
    setAnswered(null);
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

  function record(next: StoredResult) {
    storeResult(next);
    setResult(next);
  }

  function setPortion(index: number, portion: PhotoPortion) {
    if (!result) return;
    record({ ...result, portions: result.portions.map((p, i) => (i === index ? portion : p)) });
  }

  /** A food found by search on a photo where none was: it joins the list, ready to add. */
  function addFound(portion: PhotoPortion) {
    if (!result) return;
    record({ ...result, portions: [...result.portions, portion] });
  }

  /** Marks what went in the basket and tells the server, so a similar photo is recognised next time. */
  function logged(next: StoredResult) {
    record(next);
    const foods = confirmedFoods(next.portions);
    if (foods.length > 0) sendConfirmation(next.imageId, foods);
  }

  function addAll() {
    if (!result) return;
    const waiting = result.portions.filter(waitsForAnswer).length;
    const ready = result.portions.filter(readyToAdd);
    if (ready.length === 0) {
      if (waiting > 0) toast.info(t('waiting', { count: waiting }));
      else toast.error(t('errors.noFoods'));
      return;
    }
    const added = onAddToBasket(ready);
    if (added === 0) toast.error(t('errors.noFoods'));
    else if (waiting > 0) toast.success([t('addedShort', { count: added }), t('waiting', { count: waiting })].join(t('summarySeparator')));
    else toast.success(t('added', { count: added }));
    if (added < ready.length) toast.warning(t('someLeftOut', { count: ready.length - added }));
    if (added === 0) return;
    logged({
      ...result,
      portions: result.portions.map((p) => (readyToAdd(p) && p.food.food_id !== null ? { ...p, added: true } : p)),
    });
  }

  /** "Yes, same again": exactly the earlier meal's foods and grams, in the basket in one tap. */
  function takeMemory(memory: MemoryMatch) {
    if (!result) return;
    const portions = portionsFromMemory(memory);
    const added = onAddToBasket(portions);
    if (added === 0) {
      toast.error(t('errors.noFoods'));
      return;
    }
    toast.success(t('added', { count: added }));
    logged({ ...result, portions: portions.map((p) => ({ ...p, added: true })) });
  }

  const findings = result ? findingsOf(result) : null;
  const memory = result && findings?.memory && !memoryTaken(result.portions) ? findings.memory : null;
  const waiting = result?.portions.filter(waitsForAnswer).length ?? 0;
  const allAdded = result !== null && result.portions.length > 0 && result.portions.every((p) => p.added);
  const memoryDate = findings?.memory ? dayOf(findings.memory.eaten_at) : null;
  const zh = i18n.resolvedLanguage === 'zh';

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
      <p role="status" className="visually-hidden">
        {announcement}
      </p>

      {result && findings && (
        <div className="recognition-result">
          {memory && <MemoryOffer question={memoryQuestion(memory)} onAccept={() => takeMemory(memory)} />}
          {result.preview && <img src={result.preview} alt={t('preview')} className="recognition-preview" />}
          {findings.plate_warning && <p className="recognition-warning">{t('plateWarning')}</p>}
          {!findings.food_found && (
            <div className="recognition-no-food">
              <p>{t('noFood')}</p>
              <PhotoFoodSearch label={t('search.find')} onPick={(food) => addFound(pickSearchFood(food, null))} />
            </div>
          )}
          {result.portions.length > 0 && (
            <ul className="recognition-foods" aria-label={t('foods')}>
              {result.portions.map((portion, index) => {
                const name = nameOf(portion.food);
                const detail = portionText(t, portion.food, zh);
                if (waitsForAnswer(portion)) {
                  return (
                    <li key={`${portion.food.name}-${index}`} className="recognition-food recognition-food-question">
                      <FoodQuestion
                        portion={portion}
                        name={name}
                        detail={detail}
                        nameOf={nameOf}
                        onAnswer={(answer) => {
                          setPortion(index, answer);
                          setAnswered(index);
                        }}
                      />
                    </li>
                  );
                }
                const certainty = certaintyLabel(t, portion, { name, percent: (score) => percent.format(score), memoryDate });
                const details = [
                  certainty && !certainty.withName ? certainty.text : null,
                  detail,
                  cookingLabel(t, portion.food.cooking_method),
                  dataQualityLabel(t, portion.food.validation),
                ].filter((part): part is string => Boolean(part));
                return (
                  <li key={`${portion.food.name}-${index}`} className="recognition-food">
                    <RecognizedLine
                      portion={portion}
                      name={name}
                      title={certainty?.withName ? certainty.text : name}
                      details={details}
                      kcal={t('kcal', { value: number.format((portion.food.per_100g.calories * portion.grams) / 100) })}
                      focus={answered === index}
                      onGrams={(grams) => setPortion(index, { ...portion, grams })}
                    />
                  </li>
                );
              })}
            </ul>
          )}
          {allAdded ? (
            <p className="recognition-muted">{t('allAdded')}</p>
          ) : (
            result.portions.length > 0 && (
              <div className="recognition-add">
                <button
                  type="button"
                  className="btn btn-primary"
                  aria-describedby={waiting > 0 ? waitingId : undefined}
                  onClick={addAll}
                >
                  {t('addAll')}
                </button>
                {waiting > 0 && (
                  <p id={waitingId} className="recognition-muted">
                    {t('waiting', { count: waiting })}
                  </p>
                )}
              </div>
            )
          )}
        </div>
      )}

      {recent.data && recent.data.images.length > 0 && (
        <div className="recognition-history">
          <h3>{t('history')}</h3>
          <ul>
            {recent.data.images.map((image) => (
              <li key={image.id}>
                <time dateTime={image.created_at}>{new Date(image.created_at).toLocaleString(locale)}</time>
                <span>{image.keywords.length > 0 ? image.keywords.map((k) => keywordLabel(t, k)).join(t('issueSeparator')) : t(`status.${image.processing_status}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
