// Long on purpose: the photo flow's one screen: upload, the streamed steps, the questions and the results share
// the analysis state; its pieces live in this feature's other components.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { FileField, FormMessage, TextField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { WorkProgress } from '@/components/ui/work-progress';
import { analyzeImage } from '@/features/recognition/api/analyze-image';
import { cancelAnalysis } from '@/features/recognition/api/cancel-analysis';
import { useConfirmImage } from '@/features/recognition/api/confirm-image';
import { followAnalysis } from '@/features/recognition/api/get-analysis-events';
import { getImageResults } from '@/features/recognition/api/get-image-results';
import { recentImagesPath, useRecentImages } from '@/features/recognition/api/get-recent-images';
import { AlternativeChoices } from '@/features/recognition/components/alternative-choices';
import { CountQuestion } from '@/features/recognition/components/count-question';
import { FoodQuestion } from '@/features/recognition/components/food-question';
import { MemoryOffer } from '@/features/recognition/components/memory-offer';
import { PhotoFoodSearch } from '@/features/recognition/components/photo-food-search';
import { RecognizedLine } from '@/features/recognition/components/recognized-line';
import type {
  AnalysisEvent,
  CompleteEvent,
  AnalysisListener,
  MemoryMatch,
  PhotoFindings,
  PhotoPortion,
  RecognizedFood,
} from '@/features/recognition/types';
import { finalEventOf, isCancelled, isFinalAnalysisEvent } from '@/features/recognition/utils/analysis-events';
import {
  asksCount,
  confirmedFoods,
  memoryTaken,
  offersAlternatives,
  pickSearchFood,
  portionsFromMemory,
  readyToAdd,
  waitsForAnswer,
  waitsForName,
} from '@/features/recognition/utils/answers';
import {
  certaintyLabel,
  cookingLabel,
  countLabel,
  dataQualityLabel,
  issueLabel,
  keywordLabel,
  learnedLabel,
  portionText,
  portionWords,
  stepLabel,
} from '@/features/recognition/utils/labels';
import {
  clearPendingAnalysis,
  notePendingEvent,
  readPendingAnalysis,
  storePendingAnalysis,
  type PendingAnalysis,
} from '@/features/recognition/utils/pending-analysis';
import { fitPhoto } from '@/lib/upload-image';
import { previewOf } from '@/features/recognition/utils/photo';
import {
  clearStoredResult,
  findingsOf,
  readStoredResult,
  storeResult,
  type StoredResult,
  type StoredStage3,
} from '@/features/recognition/utils/stored-result';
import { ApiError, CLIENT_ERROR_CODES, serverMessage } from '@/lib/api-client';
import { localizedErrorMessage } from '@/lib/error-messages';
import { displayLocale } from '@/lib/i18n';
import { dateTimeFormat, numberFormat, percentFormat } from '@/lib/intl';
import { nutritionFormat } from '@/lib/nutrition-format';
import { checkPhoto, uploadImage } from '@/lib/upload-image';
import { useFailureText } from '@/lib/use-failure-text';
import type { UploadedImage } from '@/types/image';
import '@/features/recognition/recognition.css';

export type RecognizedPortion = { food: RecognizedFood; grams: number };

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading' }
  /** The card reads the events of the image's analysis; `cancelling` once Cancel was sent. */
  | { kind: 'analysing'; imageId: number; progress: number; message: string; cancelling: boolean }
  | { kind: 'failed'; message: string };

/** Reads an analysis's events to the last: the card's fresh one, or one it finds again. */
type ReadAnalysis = (listener: AnalysisListener) => Promise<AnalysisEvent | null>;

type ImageRecognitionProps = {
  /**
   * Puts the foods in the basket; answers how many went in. A food without a `food_id`
   * (an unknown food's defaults) cannot be logged and is left out.
   */
  onAddToBasket: (portions: RecognizedPortion[]) => number;
  /** A photo the person chose elsewhere (the food search's "Photo recognition"): analysed at once. */
  photoToAnalyse?: File | null;
};

type Named = { name: string; name_zh?: string | null };

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
/** No answer (a connection lost), or the server away for a moment: the analysis may well go on. */
const isPassing = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

/**
 * The analysis left pending (a reload, a return to the page), followed after its last
 * event seen; one that ended meanwhile (204) is read from its stored results.
 */
function resumeAnalysis(pending: PendingAnalysis): ReadAnalysis {
  return async (listener) =>
    (await followAnalysis(pending.imageId, pending.lastEventId, listener)) ??
    finalEventOf(await getImageResults(pending.imageId, listener.signal));
}

/** SPEC 2 "Photo recognition" on the dashboard. */
export function ImageRecognition({ onAddToBasket, photoToAnalyse = null }: ImageRecognitionProps) {
  const { t, i18n } = useTranslation('recognition');
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const sendConfirmation = useConfirmImage();
  const failureText = useFailureText();
  const titleId = useId();
  const waitingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // An analysis left pending shows as running from the first paint; the effect below
  // finds it again.
  const [phase, setPhase] = useState<Phase>(() => {
    const pending = readPendingAnalysis();
    return pending
      ? { kind: 'analysing', imageId: pending.imageId, progress: 0, message: t('analysing'), cancelling: false }
      : { kind: 'idle' };
  });
  const [result, setResult] = useState<StoredResult | null>(() => readStoredResult());
  // What a screen reader hears when a result arrives; the toasts speak for the rest.
  const [announcement, setAnnouncement] = useState('');
  // The line whose question was just answered takes the focus the question had.
  const [answered, setAnswered] = useState<number | null>(null);
  // The message that counted the questions left: an answer makes it wrong, so it goes.
  const waitingToast = useRef<number | null>(null);
  // The reading of the analysis's events; stopping it never stops the analysis.
  const reading = useRef<AbortController | null>(null);
  const gone = useRef(false);
  const section = useRef<HTMLElement>(null);
  const problemShown = useRef<HTMLDivElement>(null);
  const recent = useRecentImages();
  const locale = displayLocale(i18n.resolvedLanguage);
  const number = numberFormat(locale, 1);
  const percent = percentFormat(locale);

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

  /**
   * A photo of the history in a few words: its foods in the reader's language, or why it
   * has none. The photo on the card reads as the card shows it (answers not yet sent).
   */
  function historyText(image: UploadedImage): string {
    if (image.processing_status === 'processing') return t('status.processing');
    // A stopped analysis named nothing: a food its notes or an earlier stage put in the
    // keywords would read as a result.
    if (image.processing_status === 'cancelled' && !image.confirmed) return t('status.cancelled');
    const shown = result?.imageId === image.id && !image.confirmed ? result.portions : null;
    if (shown) {
      const names = shown.filter((portion) => !waitsForName(portion)).map((portion) => nameOf(portion.food));
      if (names.length > 0) return names.join(t('issueSeparator'));
      if (shown.some(waitsForAnswer)) return t('historyWaiting');
    }
    const keywords = i18n.resolvedLanguage === 'zh' ? image.keywords_zh : image.keywords;
    if (keywords.length > 0) return keywords.map((keyword) => keywordLabel(t, keyword)).join(t('issueSeparator'));
    if (image.awaiting_answer) return t('historyWaiting');
    return t(`status.${image.processing_status}`);
  }

  function choose(chosen: File | null) {
    setFile(null);
    setProblem(null);
    if (!chosen) return;
    // A photo over the upload limit is shrunk as it is sent; only a file of another kind is refused here.
    if (checkPhoto(chosen) === 'notAnImage') {
      setProblem(t('errors.notAnImage'));
      return;
    }
    setFile(chosen);
  }

  function finish(event: CompleteEvent, imageId: number, preview: string | null) {
    const foods = (event.foods ?? []) as RecognizedFood[];
    const stage3: StoredStage3 = (event.stage_3 ?? {}) as StoredStage3;
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

  /** How the analysis ended, shown as a fresh one shows it; it is pending no more. */
  function settle(pending: PendingAnalysis, last: AnalysisEvent | null) {
    clearPendingAnalysis(pending.imageId);
    if (last?.step === 'complete') {
      finish(last, pending.imageId, pending.preview);
      setPhase({ kind: 'idle' });
    } else if (last && isCancelled(last)) {
      setPhase({ kind: 'idle' });
      toast.info(t('cancelled'));
    } else if (last?.step === 'error') {
      setPhase({
        kind: 'failed',
        message: localizedErrorMessage(last.error?.code, last.error?.message) ?? t('errors.analysisFailed'),
      });
    } else {
      setPhase({ kind: 'failed', message: t('errors.streamFailed') });
    }
  }

  /**
   * Reads the analysis's events to the last, showing its progress, then how it ended.
   * `fresh`: the person just started it, and hears why it could not run.
   */
  async function follow(pending: PendingAnalysis, read: ReadAnalysis, fresh: boolean) {
    const { imageId } = pending;
    const controller = new AbortController();
    reading.current?.abort();
    reading.current = controller;
    try {
      const last = await read({
        signal: controller.signal,
        onEvent: (step, id) => {
          if (id !== null) notePendingEvent(imageId, id);
          // Left while the upload ran: the analysis has started, the next visit reads it.
          if (gone.current) controller.abort();
          if (isFinalAnalysisEvent(step)) return;
          setPhase((current) =>
            current.kind === 'analysing' && current.imageId === imageId
              ? { ...current, progress: step.progress, message: stepLabel(t, step.step, step.message) }
              : current,
          );
        },
      });
      if (!controller.signal.aborted) settle(pending, last);
    } catch (error) {
      if (isAbort(error) || controller.signal.aborted) return;
      if (isPassing(error)) {
        // The analysis goes on on the workers: a reload or a return finds it again.
        setPhase({
          kind: 'failed',
          message:
            error instanceof ApiError && error.code === CLIENT_ERROR_CODES.network
              ? t('errors.connectionLost')
              : failureText(error, t('errors.analysisFailed')),
        });
        return;
      }
      // Refused (the photo is gone, never analysed): there is nothing to find again.
      clearPendingAnalysis(imageId);
      setPhase(fresh ? { kind: 'failed', message: failureText(error, t('errors.analysisFailed')) } : { kind: 'idle' });
    } finally {
      if (reading.current === controller) reading.current = null;
      // The history shows how it ended; a card that left has no history to refresh.
      if (!controller.signal.aborted) void mutate((key) => Array.isArray(key) && key[0] === recentImagesPath);
    }
  }

  /** The spec's Cancel: the server stops the analysis, and its stream then says so. */
  async function cancel() {
    if (phase.kind !== 'analysing' || phase.cancelling) return;
    const { imageId } = phase;
    setPhase({ ...phase, cancelling: true });
    try {
      await cancelAnalysis(imageId);
    } catch (error) {
      setPhase((current) =>
        current.kind === 'analysing' && current.imageId === imageId ? { ...current, cancelling: false } : current,
      );
      toast.error(failureText(error, t('errors.cancelFailed')));
    }
  }

  async function analyse(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      setProblem(t('errors.notAnImage'));
      return;
    }
    await send(file);
  }

  /** A photo handed over: shown as chosen, and sent at once when it is one we take. */
  function take(photo: File) {
    choose(photo);
    section.current?.scrollIntoView({ block: 'start' });
    if (checkPhoto(photo) !== 'notAnImage') void send(photo);
  }

  async function send(photo: File) {
    if (busy) return;
    clearStoredResult();
    setResult(null);
    setAnnouncement('');
    setAnswered(null);
    setPhase({ kind: 'uploading' });
    const fitted = await fitPhoto(photo);
    if (!fitted) {
      setPhase({ kind: 'idle' });
      setProblem(t('errors.tooBig'));
      return;
    }
    const preview = await previewOf(fitted);
    let imageId: number;
    try {
      imageId = (await uploadImage(fitted, notes)).id;
    } catch (error) {
      setPhase({ kind: 'failed', message: serverMessage(error) ?? t('errors.uploadFailed') });
      return;
    }
    // From here the analysis is the workers': the card finds it again after a reload.
    const pending: PendingAnalysis = { imageId, preview, lastEventId: null };
    storePendingAnalysis(pending);
    setPhase({ kind: 'analysing', imageId, progress: 0, message: t('analysing'), cancelling: false });
    await follow(pending, (listener) => analyzeImage(imageId, listener), true);
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
      if (waiting > 0) waitingToast.current = toast.info(t('waiting', { count: waiting }));
      else toast.error(t('errors.noFoods'));
      return;
    }
    const added = onAddToBasket(ready);
    if (added === 0) {
      toast.error(t('errors.noFoods'));
      return;
    }
    // One message (they show one at a time): what went in, what waits, what was left out.
    const leftOut = ready.length - added;
    const message = [
      waiting > 0 ? t('addedShort', { count: added }) : t('added', { count: added }),
      waiting > 0 ? t('waiting', { count: waiting }) : null,
      leftOut > 0 ? t('someLeftOut', { count: leftOut }) : null,
    ]
      .filter((part): part is string => part !== null)
      .join(t('summarySeparator'));
    const shown = leftOut > 0 ? toast.warning(message) : toast.success(message);
    if (waiting > 0) waitingToast.current = shown;
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

  // The photo's problem is said under the form, and scrolled to where a phone's screen shows it.
  useEffect(() => {
    if (problem) problemShown.current?.scrollIntoView({ block: 'nearest' });
  }, [problem]);

  const handlers = useRef({ follow, take });
  useEffect(() => {
    handlers.current = { follow, take };
  });

  // Each photo handed over is sent once (StrictMode runs effects twice).
  const taken = useRef<File | null>(null);
  useEffect(() => {
    if (!photoToAnalyse || taken.current === photoToAnalyse) return;
    taken.current = photoToAnalyse;
    handlers.current.take(photoToAnalyse);
  }, [photoToAnalyse]);

  useEffect(() => {
    gone.current = false;
    const pending = readPendingAnalysis();
    if (pending) void handlers.current.follow(pending, resumeAnalysis(pending), false);
    // Leaving the page (a reload, another page) stops only the reading: the analysis
    // goes on on the workers, and the card finds it again on return.
    return () => {
      gone.current = true;
      reading.current?.abort();
    };
  }, []);

  const findings = result ? findingsOf(result) : null;
  const memory = result && findings?.memory && !memoryTaken(result.portions) ? findings.memory : null;
  const waiting = result?.portions.filter(waitsForAnswer).length ?? 0;
  const allAdded = result !== null && result.portions.length > 0 && result.portions.every((p) => p.added);
  const memoryDate = findings?.memory ? dayOf(findings.memory.eaten_at) : null;
  const zh = i18n.resolvedLanguage === 'zh';

  return (
    <section ref={section} className="panel recognition" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('title')}</h2>
      <form className="recognition-form" onSubmit={(event) => void analyse(event)}>
        <FileField
          label={t('choose')}
          accept="image/*"
          disabled={busy}
          chooseLabel={t('chooseFile')}
          noneLabel={t('noFile')}
          onFile={choose}
        />
        <TextField
          label={t('notes')}
          type="text"
          maxLength={500}
          placeholder={t('notesHint')}
          value={notes}
          disabled={busy}
          onChange={(event) => setNotes(event.target.value)}
        />
        <div className="recognition-actions">
          <button type="submit" className="btn btn-primary" disabled={busy || !file}>
            {phase.kind === 'uploading' ? t('uploading') : t('analyse')}
          </button>
          {phase.kind === 'analysing' && (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={phase.cancelling}
              onClick={() => void cancel()}
            >
              {phase.cancelling ? t('cancelling') : t('cancel')}
            </button>
          )}
        </div>
      </form>
      {problem && (
        <div ref={problemShown}>
          <FormMessage tone="error">{problem}</FormMessage>
        </div>
      )}
      {phase.kind === 'failed' && <FormMessage tone="error">{phase.message}</FormMessage>}
      {phase.kind === 'analysing' && (
        <WorkProgress label={t('progress')} progress={phase.progress} text={phase.message} />
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
              <PhotoFoodSearch label={t('search.find')} onPick={(food) => addFound(pickSearchFood(food))} />
            </div>
          )}
          {result.portions.length > 0 && (
            <ul className="recognition-foods" aria-label={t('foods')}>
              {result.portions.map((portion, index) => {
                const name = nameOf(portion.food);
                // Said beside the certainty until the person answers for the food.
                const learned = portion.answer ? null : learnedLabel(t, portion.food.recognition?.source);
                /** An answer that replaces the line's question or food: the focus follows it to the line. */
                const answer = (next: PhotoPortion) => {
                  setPortion(index, next);
                  setAnswered(index);
                  setAnnouncement('');
                  if (waitingToast.current !== null) toast.dismiss(waitingToast.current);
                  waitingToast.current = null;
                };
                if (waitsForName(portion)) {
                  return (
                    <li key={`${portion.food.name}-${index}`} className="recognition-food recognition-food-question">
                      <FoodQuestion
                        portion={portion}
                        name={name}
                        detail={[learned, portionText(t, portion.food, zh)].filter(Boolean).join(' · ')}
                        nameOf={nameOf}
                        onAnswer={answer}
                      />
                    </li>
                  );
                }
                const certainty = certaintyLabel(t, portion, { name, percent: (score) => percent.format(score), memoryDate });
                const counting = asksCount(portion);
                const details = [
                  learned,
                  certainty && !certainty.withName ? certainty.text : null,
                  countLabel(t, portion),
                  // The server's words assume a number the person is asked for.
                  counting ? null : portionWords(t, portion, zh),
                  cookingLabel(t, portion.food.cooking_method),
                  dataQualityLabel(t, portion.food.validation),
                ].filter((part): part is string => Boolean(part));
                const askCount = counting && !portion.added;
                const alternatives = offersAlternatives(portion);
                return (
                  <li key={`${portion.food.name}-${index}`} className="recognition-food">
                    <RecognizedLine
                      portion={portion}
                      name={name}
                      title={certainty?.withName ? certainty.text : name}
                      details={details}
                      kcal={t('kcal', { value: nutritionFormat(locale).kcal((portion.food.per_100g.calories * portion.grams) / 100) })}
                      focus={answered === index}
                      showAmount={!counting || portion.counted !== undefined}
                      onGrams={(grams) => setPortion(index, { ...portion, grams })}
                    >
                      {askCount || alternatives ? (
                        <>
                          {askCount && (
                            <CountQuestion
                              portion={portion}
                              name={name}
                              onAnswer={(next) => {
                                setPortion(index, next);
                                if (waitingToast.current !== null) toast.dismiss(waitingToast.current);
                                waitingToast.current = null;
                              }}
                            />
                          )}
                          {alternatives && <AlternativeChoices portion={portion} nameOf={nameOf} onPick={answer} />}
                        </>
                      ) : null}
                    </RecognizedLine>
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
                <span className={image.processing_status === 'processing' ? 'recognition-running' : undefined}>
                  {historyText(image)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
