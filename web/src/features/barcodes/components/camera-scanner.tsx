import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import readerWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { CAMERA_FORMATS, type CameraFormat } from '@/features/barcodes/utils/gtin';

// zxing-wasm fetches its wasm from a public CDN unless told where it is; ours ships with
// the app, so scanning works offline and sends nothing to a third party.
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? readerWasmUrl : prefix + path),
  },
});

export type CameraProblem = 'unsupported' | 'denied' | 'missing';
export type CameraRead = { format: CameraFormat; text: string };

type CameraScannerProps = {
  /** A barcode was read; the camera is already off. */
  onRead: (read: CameraRead) => void;
  /** No camera can be used here: the person should upload a photo instead. */
  onUnavailable: (problem: CameraProblem) => void;
  /** The reader itself failed (its wasm did not load); the camera is off. */
  onFailed: (error: unknown) => void;
};

const READER_OPTIONS: ReaderOptions = { formats: [...CAMERA_FORMATS], tryHarder: true, maxNumberOfSymbols: 1 };
/** A few reads a second find a steady barcode quickly without keeping a core busy. */
const SCAN_INTERVAL_MS = 200;
/** Frames are scaled down to this width: enough for the bars, quick to decode. */
const FRAME_WIDTH = 1280;

function problemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'unsupported';
}

/** The current video frame as pixels, or null before the first frame arrives. */
function frameOf(video: HTMLVideoElement, canvas: HTMLCanvasElement): ImageData | null {
  if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0) return null;
  const scale = Math.min(1, FRAME_WIDTH / video.videoWidth);
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/** The back camera's picture, read for EAN and UPC barcodes until one is found. */
export function CameraScanner({ onRead, onUnavailable, onFailed }: CameraScannerProps) {
  const { t } = useTranslation('barcodes');
  const videoRef = useRef<HTMLVideoElement>(null);
  const handlers = useRef({ onRead, onUnavailable, onFailed });
  useEffect(() => {
    handlers.current = { onRead, onUnavailable, onFailed };
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement('canvas');

    // The camera light goes off as soon as the scanner is done or gone.
    function stop() {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    }

    async function scan(video: HTMLVideoElement) {
      try {
        const frame = frameOf(video, canvas);
        const hit = frame ? (await readBarcodes(frame, READER_OPTIONS)).find((result) => result.isValid) : undefined;
        if (stopped) return;
        if (hit) {
          stop();
          handlers.current.onRead({ format: hit.format as CameraFormat, text: hit.text });
          return;
        }
      } catch (error) {
        if (stopped) return;
        stop();
        handlers.current.onFailed(error);
        return;
      }
      timer = setTimeout(() => void scan(video), SCAN_INTERVAL_MS);
    }

    async function start() {
      // Missing outside a secure context (plain http) and in some embedded browsers.
      if (!navigator.mediaDevices?.getUserMedia) {
        handlers.current.onUnavailable('unsupported');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (error) {
        if (!stopped) handlers.current.onUnavailable(problemOf(error));
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) {
        stop();
        return;
      }
      video.srcObject = stream;
      // Muted inline video may autoplay; if play() is refused the frames still arrive.
      await video.play().catch(() => undefined);
      if (!stopped) void scan(video);
    }

    void start();
    return stop;
  }, []);

  return (
    <div className="barcode-camera">
      <video ref={videoRef} className="barcode-video" aria-label={t('dialog.video')} muted playsInline />
      <p className="barcode-hint">{t('dialog.cameraHint')}</p>
    </div>
  );
}
