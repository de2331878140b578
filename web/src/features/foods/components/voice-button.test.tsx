import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SpeechRecognizer } from '@/features/foods/hooks/use-speech-input';
import { i18n } from '@/lib/i18n';
import { mockFetch, rememberSession } from '@/testing/fetch-mock';
import { ok } from '@/testing/foods';
import { renderApp } from '@/testing/render';

const ann = { id: 1, username: 'ann', nickname: 'Ann' };

/** The recognisers the page made, newest last. */
let made: FakeRecognizer[] = [];

/** A stand-in for the browser's speech recognition: the test says what it heard. */
class FakeRecognizer implements SpeechRecognizer {
  lang = '';
  interimResults = true;
  maxAlternatives = 5;
  onresult: SpeechRecognizer['onresult'] = null;
  onerror: SpeechRecognizer['onerror'] = null;
  onend: SpeechRecognizer['onend'] = null;
  started = false;
  start = vi.fn(() => {
    this.started = true;
  });
  stop = vi.fn(() => this.onend?.());
  abort = vi.fn();
  constructor() {
    made.push(this);
  }
  hear(transcript: string) {
    this.onresult?.({ results: [[{ transcript }]] });
    this.onend?.();
  }
}

function openSearch() {
  made = [];
  const mock = mockFetch({
    'GET /api/v1/auth/user/': ok(ann),
    'GET /api/v1/foods/search/history/': ok({ history: [] }),
    'GET /api/v1/foods/search/': ok({ query: '', foods: [], took_ms: 1, exact: true }),
    'GET /api/v1/foods/usda/search/': ok({ foods: [], usda_available: true }),
    'POST /api/v1/foods/parse-meal/': ok({ items: [], unmatched: [] }),
  });
  rememberSession(ann);
  return { ...mock, ...renderApp('/') };
}

describe('the microphone in the search box', () => {
  it('is not offered where the browser has no speech recognition', async () => {
    vi.stubGlobal('SpeechRecognition', undefined);
    vi.stubGlobal('webkitSpeechRecognition', undefined);
    openSearch();
    expect(await screen.findByRole('searchbox', { name: 'Search foods' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Say what you ate' })).not.toBeInTheDocument();
  });

  it('listens in English on an English page and searches what it heard', async () => {
    vi.stubGlobal('SpeechRecognition', undefined);
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognizer);
    const { user, calls } = openSearch();
    const mic = await screen.findByRole('button', { name: 'Say what you ate' });
    expect(mic).toHaveAttribute('aria-pressed', 'false');
    await user.click(mic);
    const recognizer = made.at(-1);
    expect(recognizer?.lang).toBe('en-US');
    expect(recognizer?.started).toBe(true);
    expect(mic).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Listening…')).toHaveAttribute('role', 'status');

    act(() => recognizer?.hear('2 eggs and a slice of toast'));
    expect(screen.getByRole('searchbox', { name: 'Search foods' })).toHaveValue('2 eggs and a slice of toast');
    expect(mic).toHaveAttribute('aria-pressed', 'false');
    // Searched at once, without Enter: a meal is read as well.
    expect(await screen.findByRole('heading', { name: 'Results for “2 eggs and a slice of toast”' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/v1/foods/parse-meal/').map((call) => call.body)).toEqual([
      { text: '2 eggs and a slice of toast' },
    ]);
  });

  it('listens in Chinese on a Chinese page, with the unprefixed constructor', async () => {
    await i18n.changeLanguage('zh');
    vi.stubGlobal('SpeechRecognition', FakeRecognizer);
    vi.stubGlobal('webkitSpeechRecognition', undefined);
    const { user } = openSearch();
    await user.click(await screen.findByRole('button', { name: '说出吃了什么' }));
    expect(made.at(-1)?.lang).toBe('zh-CN');
    act(() => made.at(-1)?.hear('一碗米饭两个鸡蛋'));
    expect(screen.getByRole('searchbox', { name: '搜索食物' })).toHaveValue('一碗米饭两个鸡蛋');
  });

  it('says so when the microphone is refused, and stays quiet when nothing was said', async () => {
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognizer);
    const { user } = openSearch();
    const mic = await screen.findByRole('button', { name: 'Say what you ate' });
    await user.click(mic);
    act(() => {
      made.at(-1)?.onerror?.({ error: 'no-speech' });
      made.at(-1)?.onend?.();
    });
    expect(screen.queryByText(/microphone is not allowed/)).not.toBeInTheDocument();
    await user.click(mic);
    act(() => {
      made.at(-1)?.onerror?.({ error: 'not-allowed' });
      made.at(-1)?.onend?.();
    });
    expect(await screen.findByText('The microphone is not allowed: allow it in the browser to speak')).toBeInTheDocument();
    expect(mic).toHaveAttribute('aria-pressed', 'false');
  });
});
