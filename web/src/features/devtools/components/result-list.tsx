import { useTranslation } from 'react-i18next';
import type { CallResult } from '@/features/devtools/api/run-operation';

type Tone = 'ok' | 'failed' | 'noAnswer';

function toneOf(status: number): Tone {
  if (status === 0) return 'noAnswer';
  return status >= 200 && status < 300 ? 'ok' : 'failed';
}

function pretty(body: unknown): string {
  return body === undefined ? '' : JSON.stringify(body, null, 2);
}

/** The answers so far, newest first; the newest opens its envelope. */
export function ResultList({ results, onClear }: { results: readonly CallResult[]; onClear: () => void }) {
  const { t } = useTranslation('devtools');
  return (
    <section className="devtools-results" aria-labelledby="devtools-results-title">
      <div className="devtools-results-head">
        <h2 id="devtools-results-title">{t('results.title')}</h2>
        <button type="button" className="btn btn-secondary btn-small" onClick={onClear} disabled={results.length === 0}>
          {t('results.clear')}
        </button>
      </div>
      {results.length === 0 ? (
        <p className="devtools-muted">{t('results.empty')}</p>
      ) : (
        <ol className="devtools-result-list" aria-label={t('results.title')}>
          {results.map((result, index) => {
            const tone = toneOf(result.status);
            return (
              <li key={result.id} className="devtools-result">
                <div className="devtools-result-head">
                  <span className="devtools-method">{result.method}</span>
                  <code className="devtools-path">{result.path}</code>
                  <span className={`devtools-status devtools-status-${tone}`}>
                    {t(`results.status.${tone}`, { status: result.status })}
                  </span>
                  <span className="devtools-muted">{t('results.time', { ms: result.ms })}</span>
                </div>
                <details open={index === 0}>
                  <summary>{t('results.envelope')}</summary>
                  <pre className="devtools-json">{pretty(result.body) || t('results.emptyBody')}</pre>
                </details>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
