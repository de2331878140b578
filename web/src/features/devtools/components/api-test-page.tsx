import { useTranslation } from 'react-i18next';
import { OperationCard } from '@/features/devtools/components/operation-card';
import { ResultList } from '@/features/devtools/components/result-list';
import { useApiTest } from '@/features/devtools/hooks/use-api-test';
import '@/features/devtools/devtools.css';

/** One button per call of the server's OpenAPI document, by tag, and the answers newest first. */
export function ApiTestPage() {
  const { t } = useTranslation('devtools');
  const { username, groups, loading, failed, reload, context, results, running, run, clear } = useApiTest();
  return (
    <div className="devtools">
      <p className="devtools-muted">{username ? t('apiTest.signedInAs', { name: username }) : t('apiTest.anonymous')}</p>
      <div className="devtools-columns">
        <div className="devtools-calls">
          {loading && <p className="devtools-muted">{t('apiTest.loading')}</p>}
          {failed && (
            <div role="alert" className="form-message form-message-error">
              <p>{t('apiTest.failed')}</p>
              <button type="button" className="btn btn-secondary btn-small" onClick={reload}>
                {t('apiTest.retry')}
              </button>
            </div>
          )}
          {groups.map(({ tag, operations }) => (
            <section key={tag} aria-labelledby={`devtools-tag-${tag}`}>
              <h2 id={`devtools-tag-${tag}`}>{t(`tags.${tag}`, { defaultValue: tag })}</h2>
              <ul className="devtools-call-list">
                {operations.map((operation) => (
                  <OperationCard
                    key={operation.name}
                    operation={operation}
                    context={context}
                    running={running.has(operation.name)}
                    onRun={(input) => void run(input)}
                  />
                ))}
              </ul>
            </section>
          ))}
        </div>
        <ResultList results={results} onClear={clear} />
      </div>
    </div>
  );
}
