import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { FileField, FormMessage } from '@/components/ui/field';
import { Modal, ModalHeader } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { WorkProgress } from '@/components/ui/work-progress';
import { useAnalyzeWithBarcode } from '@/features/barcodes/api/analyze-with-barcode';
import { useCreateFoodFromBarcode } from '@/features/barcodes/api/create-food-from-barcode';
import type { CameraProblem, CameraRead } from '@/features/barcodes/components/camera-scanner';
import { BarcodeResults } from '@/features/barcodes/components/barcode-results';
import { useAddToBasket, type AddToBasket } from '@/features/barcodes/hooks/use-add-to-basket';
import { useFoodDisplay } from '@/features/barcodes/hooks/use-food-display';
import type { Barcode, BarcodeFood, BarcodeScan, CreateBarcodeFood } from '@/features/barcodes/types';
import { barcodeFromRead, barcodeFromTyped } from '@/features/barcodes/utils/gtin';
import { fitPhoto } from '@/lib/upload-image';
// One upload call and one rule for photos (SPEC 5) serve both kinds of recognition; the
// photo recognition feature owns them.
import { ApiError, type CallProgress } from '@/lib/api-client';
import { checkPhoto, uploadImage } from '@/lib/upload-image';
import { useFailureText } from '@/lib/use-failure-text';
import { useProgressText } from '@/lib/use-progress-text';
import type { SavedFood } from '@/types/food';
import '@/features/barcodes/barcodes.css';

// The camera scanner brings the barcode reader and its wasm (~400 KB gzip): it loads only
// when someone picks the camera.
const CameraScanner = lazy(() =>
  import('@/features/barcodes/components/camera-scanner').then((m) => ({ default: m.CameraScanner })),
);

type BarcodeDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The foods of a scan that found some, for the dashboard to keep. */
  onFoods: (foods: BarcodeFood[]) => void;
  onAddToBasket: AddToBasket;
  /** Where a barcode no database knows gets a food of one's own; without it, no such offer. */
  createOwnFood?: CreateBarcodeFood;
};

/** SPEC 2 "Barcode dialog": a photo (or the camera) in, barcodes and their foods out. */
export function BarcodeDialog({ open, onClose, onFoods, onAddToBasket, createOwnFood }: BarcodeDialogProps) {
  const { t } = useTranslation('barcodes');
  const titleId = useId();
  const introId = useId();
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} describedBy={introId} className="barcode-panel">
      <ModalHeader titleId={titleId} onClose={onClose}>
        {t('dialog.title')}
      </ModalHeader>
      <p id={introId} className="barcode-intro">
        {t('dialog.intro')}
      </p>
      {/* Mounted only while open: every opening starts afresh and closing stops the camera.
          A scan still under way when it closes still hands its foods to the card. */}
      {open && <BarcodeScanner onFoods={onFoods} onAddToBasket={onAddToBasket} createOwnFood={createOwnFood} />}
    </Modal>
  );
}

type Mode = 'upload' | 'camera';

// The server's work may outlast its answer (202): `progress` is how the workers get on,
// null until they say.
type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading' }
  | { kind: 'analysing'; progress: CallProgress | null }
  | { kind: 'scanning' }
  | { kind: 'lookingUp'; barcode: string; progress: CallProgress | null };

const CAMERA_PROBLEMS = {
  unsupported: 'errors.cameraUnsupported',
  denied: 'errors.cameraDenied',
  missing: 'errors.cameraMissing',
} as const satisfies Record<CameraProblem, string>;

// These say the barcode was read but the product has no usable food (SPEC 8: no food
// information obtainable), or that the food services could not be asked: the barcode is
// listed without food, with a food of one's own offered. Any other failure is the scan's.
const NO_FOOD_CODES: ReadonlySet<string> = new Set([
  'BARCODE_NOT_FOUND',
  'PRODUCT_REJECTED',
  'BARCODE_LOOKUP_UNAVAILABLE',
]);

type ScannerProps = Omit<BarcodeDialogProps, 'open' | 'onClose'>;

/** Which control a lookup came from: its message is shown beside it, where the person looks. */
type Control = 'photo' | 'typed';
type Problem = { text: string; at: Control };

/** An error beside its control, scrolled (each time it is said) to where a phone's screen shows it. */
function ProblemMessage({ problem }: { problem: Problem }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [problem]);
  return (
    <div ref={ref}>
      <FormMessage tone="error">{problem.text}</FormMessage>
    </div>
  );
}

/** What the dialog waits for, in words; with a bar and the step once the workers report. */
function Waiting({ words, progress }: { words: string; progress: CallProgress | null }) {
  const progressText = useProgressText();
  if (!progress) return <p role="status">{words}</p>;
  return <WorkProgress label={words} progress={progress.progress} text={progressText(progress, words)} />;
}

function BarcodeScanner({ onFoods, onAddToBasket, createOwnFood }: ScannerProps) {
  const { t } = useTranslation('barcodes');
  const toast = useToast();
  const display = useFoodDisplay();
  const failureText = useFailureText();
  const addToBasket = useAddToBasket(onAddToBasket);
  const analyze = useAnalyzeWithBarcode();
  const createFood = useCreateFoodFromBarcode();
  const typedId = useId();
  const [mode, setMode] = useState<Mode>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [scan, setScan] = useState<BarcodeScan | null>(null);
  /** The barcode whose food is being made, while its form is open. */
  const [creating, setCreating] = useState<string | null>(null);
  const [typedCode, setTypedCode] = useState('');
  const busy = phase.kind === 'uploading' || phase.kind === 'analysing' || phase.kind === 'lookingUp';

  /** A new attempt's error, shown alone: the results of the one before it go. */
  function refuse(at: Control, text: string) {
    setScan(null);
    setProblem({ text, at });
    setPhase({ kind: 'idle' });
  }

  /** The catalogue message, with the server's own words where it gave any (SPEC 8). */
  function fail(at: Control, key: 'errors.uploadFailed' | 'errors.detectionFailed' | 'errors.scanFailed', error: unknown) {
    const reason = failureText(error, '');
    setProblem({ text: reason ? t('errors.withReason', { message: t(key), reason }) : t(key), at });
    setPhase({ kind: 'idle' });
  }

  function show(result: BarcodeScan, at: Control) {
    setScan(result);
    setPhase({ kind: 'idle' });
    // A scan that found nothing is a failure to report, not a result to replace the last one.
    if (result.foods.length > 0) onFoods(result.foods);
    else if (result.food_barcodes_only.length === 0) setProblem({ text: t('errors.noFoodBarcode'), at });
    else if (result.missing.length > 0 && result.missing.every((missing) => missing.code === 'BARCODE_LOOKUP_UNAVAILABLE'))
      setProblem({ text: t('errors.servicesUnreachable'), at });
    else setProblem({ text: t('errors.noFoodInfo'), at });
  }

  /** The file is kept as chosen, so a press of the button says what is wrong with it. */
  function choose(chosen: File | null) {
    setFile(chosen);
    setProblem(null);
    if (chosen && checkPhoto(chosen) === 'notAnImage') refuse('photo', t('errors.notAnImage'));
  }

  async function scanPhoto(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!file) {
      refuse('photo', t('errors.noImage'));
      return;
    }
    // Only its kind is refused here: a photo over the upload limit is shrunk before it goes.
    if (checkPhoto(file) === 'notAnImage') {
      refuse('photo', t('errors.notAnImage'));
      return;
    }
    setProblem(null);
    setScan(null);
    setPhase({ kind: 'uploading' });
    const fitted = await fitPhoto(file);
    if (!fitted) {
      refuse('photo', t('errors.tooBig'));
      return;
    }
    let imageId: number;
    try {
      imageId = (await uploadImage(fitted, '')).id;
    } catch (error) {
      fail('photo', 'errors.uploadFailed', error);
      return;
    }
    setPhase({ kind: 'analysing', progress: null });
    const onProgress = (progress: CallProgress) =>
      setPhase((current) => (current.kind === 'analysing' ? { ...current, progress } : current));
    try {
      show(await analyze.trigger({ imageId, onProgress }), 'photo');
    } catch (error) {
      fail('photo', 'errors.detectionFailed', error);
    }
  }

  function lookUpRead(read: CameraRead) {
    const barcode = barcodeFromRead(read.format, read.text);
    if (barcode) void lookUp(barcode, 'photo');
    else fail('photo', 'errors.scanFailed', null);
  }

  /** The digits typed under the bars, checked here (length, check digit) before asking. */
  function lookUpTyped(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const typed = barcodeFromTyped(typedCode);
    if ('problem' in typed) {
      refuse('typed', t(`typed.problems.${typed.problem}`));
      return;
    }
    setProblem(null);
    setScan(null);
    void lookUp(typed.barcode, 'typed');
  }

  async function lookUp(barcode: Barcode, at: Control) {
    setPhase({ kind: 'lookingUp', barcode: barcode.formatted_data, progress: null });
    const onProgress = (progress: CallProgress) =>
      setPhase((current) => (current.kind === 'lookingUp' ? { ...current, progress } : current));
    const only = (foods: BarcodeFood[], missing: BarcodeScan['missing']) => ({
      barcodes: [barcode],
      food_barcodes_only: [barcode],
      foods,
      missing,
    });
    try {
      const { food, is_existing } = await createFood.trigger({ barcode: barcode.data, onProgress });
      show(only([{ barcode: barcode.data, food, is_existing }], []), at);
    } catch (error) {
      if (error instanceof ApiError && NO_FOOD_CODES.has(error.code ?? '')) {
        show(only([], [{ barcode: barcode.data, code: error.code ?? '', message: error.message }]), at);
      } else {
        setScan(only([], []));
        fail(at, 'errors.scanFailed', error);
      }
    }
  }

  /** The food made for a barcode no database knew is that barcode's food now: the scan's result. */
  function created(barcode: string, food: SavedFood) {
    setCreating(null);
    setProblem(null);
    const current = scan ?? { barcodes: [], food_barcodes_only: [], foods: [], missing: [] };
    const foods = [...current.foods, { barcode, food, is_existing: false }];
    setScan({ ...current, foods, missing: current.missing.filter((missing) => missing.barcode !== barcode) });
    onFoods(foods);
    toast.success(t('results.created', { name: display.name(food) }));
  }

  function switchMode(next: Mode) {
    setMode(next);
    setProblem(null);
    setScan(null);
    setPhase(next === 'camera' ? { kind: 'scanning' } : { kind: 'idle' });
  }

  function cameraUnavailable(why: CameraProblem) {
    // Say why, then offer the upload that always works.
    setMode('upload');
    refuse('photo', t(CAMERA_PROBLEMS[why]));
  }

  return (
    <div className="barcode-scanner">
      <div role="group" aria-label={t('dialog.modes')} className="barcode-modes">
        {(['upload', 'camera'] as const).map((each) => (
          <button
            key={each}
            type="button"
            className="chip"
            aria-pressed={mode === each}
            disabled={busy}
            onClick={() => switchMode(each)}
          >
            {t(`dialog.${each}`)}
          </button>
        ))}
      </div>

      {mode === 'upload' ? (
        <form className="barcode-form" onSubmit={(event) => void scanPhoto(event)}>
          <FileField
            label={t('dialog.choose')}
            accept="image/*"
            data-autofocus
            disabled={busy}
            chooseLabel={t('dialog.chooseFile')}
            noneLabel={t('dialog.noFile')}
            onFile={choose}
          />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {phase.kind === 'uploading' ? t('dialog.uploading') : t('dialog.scan')}
          </button>
        </form>
      ) : phase.kind === 'scanning' ? (
        <ErrorBoundary fallback={<FormMessage tone="error">{t('errors.scanFailed')}</FormMessage>}>
          <Suspense fallback={<p className="barcode-hint">{t('dialog.cameraStarting')}</p>}>
            <CameraScanner
              onRead={lookUpRead}
              onUnavailable={cameraUnavailable}
              onFailed={(error) => fail('photo', 'errors.scanFailed', error)}
            />
          </Suspense>
        </ErrorBoundary>
      ) : (
        !busy && (
          <button type="button" className="btn btn-secondary" onClick={() => switchMode('camera')}>
            {t('dialog.scanAgain')}
          </button>
        )
      )}

      {problem?.at === 'photo' && <ProblemMessage problem={problem} />}

      <form className="field barcode-typed" onSubmit={lookUpTyped} noValidate>
        <label htmlFor={typedId} className="field-label">
          {t('typed.label')}
        </label>
        <div className="barcode-typed-row">
          <input
            id={typedId}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="search"
            placeholder={t('typed.placeholder')}
            value={typedCode}
            disabled={busy}
            onChange={(event) => setTypedCode(event.target.value)}
          />
          <button type="submit" className="btn btn-secondary" disabled={busy}>
            {t('typed.submit')}
          </button>
        </div>
      </form>
      {problem?.at === 'typed' && <ProblemMessage problem={problem} />}

      {phase.kind === 'analysing' && <Waiting words={t('dialog.analysing')} progress={phase.progress} />}
      {phase.kind === 'lookingUp' && (
        <Waiting words={t('dialog.lookingUp', { barcode: phase.barcode })} progress={phase.progress} />
      )}
      {scan && (
        <BarcodeResults scan={scan} onAdd={addToBasket} onCreateFood={createOwnFood ? setCreating : undefined} />
      )}
      {createOwnFood &&
        creating !== null &&
        createOwnFood({
          barcode: creating,
          onSaved: (food) => created(creating, food),
          onClose: () => setCreating(null),
        })}
    </div>
  );
}

