import { useCallback, useEffect, useRef, useState } from 'react';
import type { Language } from '@/config/constants';

// The browser's own speech recognition (Chrome, Edge and Safari have it, behind a prefix in
// most); where it is missing the microphone is not offered. Only the types used are named.

type SpeechResultEvent = { results: ArrayLike<ArrayLike<{ transcript: string }>> };
type SpeechErrorEvent = { error: string };

export type SpeechRecognizer = {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: SpeechResultEvent) => void) | null;
  onerror: ((event: SpeechErrorEvent) => void) | null;
  onend: (() => void) | null;
  start: () => void;
  stop: () => void;
  abort: () => void;
};

export type SpeechRecognizerConstructor = new () => SpeechRecognizer;

type SpeechWindow = {
  SpeechRecognition?: SpeechRecognizerConstructor;
  webkitSpeechRecognition?: SpeechRecognizerConstructor;
};

/** The browser's speech recognition, or null where it has none. */
export function speechRecognizer(): SpeechRecognizerConstructor | null {
  if (typeof window === 'undefined') return null;
  const speech = window as unknown as SpeechWindow;
  return speech.SpeechRecognition ?? speech.webkitSpeechRecognition ?? null;
}

/** The language the recogniser listens for: the page's. */
export function speechLanguage(language: Language): string {
  return language === 'zh' ? 'zh-CN' : 'en-US';
}

/** Errors that are the person's doing (nothing said, stopped): no message. */
const QUIET_ERRORS = new Set(['no-speech', 'aborted']);

export type SpeechInput = {
  /** False where the browser has no speech recognition: offer no microphone. */
  supported: boolean;
  listening: boolean;
  /** Starts listening, or stops when already listening. */
  toggle: () => void;
};

/**
 * Listens once in the page's language and hands the words heard to `onHeard`; `onFailed`
 * hears a failure worth telling (the microphone refused, no network for the recogniser).
 */
export function useSpeechInput(
  language: Language,
  onHeard: (text: string) => void,
  onFailed: (error: string) => void,
): SpeechInput {
  const [Recognizer] = useState(speechRecognizer);
  const [listening, setListening] = useState(false);
  const current = useRef<SpeechRecognizer | null>(null);

  // Leaving the page stops the microphone.
  useEffect(() => () => current.current?.abort(), []);

  const toggle = useCallback(() => {
    if (!Recognizer) return;
    if (current.current) {
      current.current.stop();
      return;
    }
    const recognizer = new Recognizer();
    recognizer.lang = speechLanguage(language);
    recognizer.interimResults = false;
    recognizer.maxAlternatives = 1;
    recognizer.onresult = (event) => {
      const text = Array.from(event.results, (result) => result[0]?.transcript ?? '').join('').trim();
      if (text) onHeard(text);
    };
    recognizer.onerror = (event) => {
      if (!QUIET_ERRORS.has(event.error)) onFailed(event.error);
    };
    recognizer.onend = () => {
      current.current = null;
      setListening(false);
    };
    current.current = recognizer;
    setListening(true);
    try {
      recognizer.start();
    } catch {
      // Already started elsewhere, or refused outright.
      current.current = null;
      setListening(false);
      onFailed('start');
    }
  }, [Recognizer, language, onHeard, onFailed]);

  return { supported: Recognizer !== null, listening, toggle };
}
