import { useTranslation } from 'react-i18next';
import '@/features/devtools/i18n';
import { AREAS, OPERATIONS, operationName } from '@/features/devtools/api/operations';
import { OperationCard } from '@/features/devtools/components/operation-card';
import { ResultList } from '@/features/devtools/components/result-list';
import { useApiTest } from '@/features/devtools/hooks/use-api-test';
import '@/features/devtools/devtools.css';

/** One button per API call, by area, and the answers newest first. */
export function ApiTestPage() {
  const { t } = useTranslation('devtools');
  const { context, results, running, run, clear } = useApiTest();
  return (
    <div className="devtools">
      <p className="devtools-muted">
        {context.username ? t('apiTest.signedInAs', { name: context.username }) : t('apiTest.anonymous')}
      </p>
      <div className="devtools-columns">
        <div className="devtools-calls">
          {AREAS.map((area) => (
            <section key={area} aria-labelledby={`devtools-area-${area}`}>
              <h2 id={`devtools-area-${area}`}>{t(`areas.${area}`)}</h2>
              <ul className="devtools-call-list">
                {OPERATIONS.filter((operation) => operation.area === area).map((operation) => {
                  const name = operationName(operation);
                  return (
                    <OperationCard
                      key={name}
                      operation={operation}
                      context={context}
                      running={running.has(name)}
                      onRun={(input) => void run(input)}
                    />
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
        <ResultList results={results} onClear={clear} />
      </div>
    </div>
  );
}
