import { useTranslation } from 'react-i18next';
import { CODE_MARK, CodeIn } from '@/features/devtools/components/code-in';
import { TOKEN_TEST_CALL, useTokenTest } from '@/features/devtools/hooks/use-token-test';
import { displayLocale } from '@/lib/i18n';
import '@/features/devtools/devtools.css';

/**
 * Simulates an expired session: shows the stored tokens, breaks them on request, makes a
 * call and logs what the API client does about it (SPEC 8, token test).
 */
export function TokenTestPage() {
  const { t, i18n } = useTranslation('devtools');
  const { tokens, now, log, calling, expireAccess, removeRefresh, expireBoth, call, clearLog } = useTokenTest();
  const time = (at: number) => new Date(at).toLocaleTimeString(displayLocale(i18n.language));

  let timeLeft = t('tokenTest.unknown');
  if (tokens.expiresAt !== null) {
    const seconds = Math.round((tokens.expiresAt - now) / 1000);
    timeLeft = seconds > 0 ? t('tokenTest.left', { seconds }) : t('tokenTest.expiredAgo', { seconds: -seconds });
  }

  return (
    <div className="devtools">
      <section className="panel devtools-panel" aria-labelledby="devtools-tokens-title">
        <h2 id="devtools-tokens-title">{t('tokenTest.state')}</h2>
        <dl className="devtools-facts">
          <dt>{t('tokenTest.access')}</dt>
          <dd>{tokens.access ? t('tokenTest.present') : t('tokenTest.absent')}</dd>
          <dt>{t('tokenTest.expiresAt')}</dt>
          <dd>{tokens.expiresAt !== null ? time(tokens.expiresAt) : t('tokenTest.unknown')}</dd>
          <dt>{t('tokenTest.timeLeft')}</dt>
          <dd>{tokens.access ? timeLeft : t('tokenTest.unknown')}</dd>
          <dt>{t('tokenTest.refresh')}</dt>
          <dd>{tokens.refresh ? t('tokenTest.present') : t('tokenTest.absent')}</dd>
        </dl>
      </section>

      <section className="panel devtools-panel" aria-labelledby="devtools-actions-title">
        <h2 id="devtools-actions-title">{t('tokenTest.actions')}</h2>
        <div className="devtools-actions">
          <button type="button" className="btn btn-secondary" onClick={expireAccess}>
            {t('tokenTest.expireAccess')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={removeRefresh}>
            {t('tokenTest.removeRefresh')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={expireBoth}>
            {t('tokenTest.expireBoth')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void call()}
            disabled={calling}
            aria-label={t('tokenTest.call', { call: `GET ${TOKEN_TEST_CALL}` })}
          >
            <CodeIn text={t('tokenTest.call', { call: CODE_MARK })} code={`GET ${TOKEN_TEST_CALL}`} />
          </button>
        </div>
      </section>

      <section className="panel devtools-panel" aria-labelledby="devtools-log-title">
        <div className="devtools-results-head">
          <h2 id="devtools-log-title">{t('tokenTest.log')}</h2>
          <button type="button" className="btn btn-secondary btn-small" onClick={clearLog} disabled={log.length === 0}>
            {t('tokenTest.clearLog')}
          </button>
        </div>
        <div role="log" aria-labelledby="devtools-log-title">
          {log.length === 0 ? (
            <p className="devtools-muted">{t('tokenTest.emptyLog')}</p>
          ) : (
            <ol className="devtools-log">
              {log.map((entry) => (
                <li key={entry.id} className={`devtools-log-entry devtools-log-${entry.tone}`}>
                  <time dateTime={new Date(entry.at).toISOString()}>{time(entry.at)}</time>{' '}
                  {t(`tokenTest.events.${entry.kind}`, entry.values)}
                </li>
              ))}
            </ol>
          )}
        </div>
      </section>
    </div>
  );
}

