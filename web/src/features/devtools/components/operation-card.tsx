import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fillPath, type CallInput } from '@/features/devtools/api/run-operation';
import { CODE_MARK, CodeIn } from '@/features/devtools/components/code-in';
import { personalised, slotKey, type SampleContext } from '@/features/devtools/utils/known-ids';
import type { Operation } from '@/features/devtools/utils/openapi';

type OperationCardProps = {
  operation: Operation;
  context: SampleContext;
  running: boolean;
  onRun: (input: CallInput) => void;
};

function samplePayload(operation: Operation, context: SampleContext): string {
  return operation.sample ? JSON.stringify(personalised(operation.sample, context), null, 2) : '';
}

/** Ids are numbers: a phone offers its number pad for them. */
function inputModeOf(param: string): 'numeric' | 'text' {
  return param === 'id' || param.endsWith('_id') ? 'numeric' : 'text';
}

/**
 * One call: its button and summary, its path parameters (filled from ids earlier answers
 * revealed, unless typed over), a file where it uploads one, and its payload as editable
 * JSON (following the sample until edited).
 */
export function OperationCard({ operation, context, running, onRun }: OperationCardProps) {
  const { t } = useTranslation('devtools');
  const { name } = operation;
  const errorId = useId();
  const [typedParams, setTypedParams] = useState<Record<string, string>>({});
  const [editedPayload, setEditedPayload] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const params = operation.pathParams.map((param) => ({
    param,
    value: typedParams[param] ?? context.ids[slotKey(operation.path, param)] ?? '',
  }));
  const payload = editedPayload ?? samplePayload(operation, context);

  function run() {
    const missing = params.find(({ value }) => value.trim() === '');
    if (missing) return setProblem(t('calls.missingParam', { name: missing.param }));
    if (operation.kind === 'upload' && !file) return setProblem(t('calls.missingFile'));
    let parsed: Record<string, unknown> | null = null;
    if (payload.trim() !== '') {
      try {
        const value: unknown = JSON.parse(payload);
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          return setProblem(t('calls.payloadNotObject'));
        }
        parsed = value as Record<string, unknown>;
      } catch {
        return setProblem(t('calls.payloadInvalid'));
      }
    }
    setProblem(null);
    const pathValues = Object.fromEntries(params.map(({ param, value }) => [param, value]));
    onRun({ operation, path: fillPath(operation.path, pathValues), pathValues, payload: parsed, file });
  }

  return (
    <li className="devtools-call">
      <div className="devtools-call-head">
        <button
          type="button"
          className="btn btn-primary btn-small devtools-call-button"
          onClick={run}
          disabled={running}
          aria-describedby={problem ? errorId : undefined}
        >
          <code>{name}</code>
        </button>
        {operation.needsLogin && <span className="devtools-tag">{t('calls.needsLogin')}</span>}
        {running && <span className="devtools-muted">{t('calls.running')}</span>}
      </div>
      {/* The API document is written in English, whatever the page's language. */}
      {operation.summary && (
        <p className="devtools-summary" lang="en">
          {operation.summary}
        </p>
      )}
      {params.map(({ param, value }) => (
        <label key={param} className="devtools-param">
          <span>
            <CodeIn text={t('calls.param', { name: CODE_MARK })} code={param} />
          </span>
          <input
            type="text"
            inputMode={inputModeOf(param)}
            value={value}
            aria-label={t('calls.paramFor', { name: param, call: name })}
            onChange={(event) => setTypedParams((current) => ({ ...current, [param]: event.target.value }))}
          />
        </label>
      ))}
      {operation.kind === 'upload' && (
        <label className="devtools-param">
          <span>{t('calls.file')}</span>
          <input
            type="file"
            accept="image/*"
            aria-label={t('calls.fileFor', { call: name })}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </label>
      )}
      {operation.sample !== null && (
        <div className="devtools-payload">
          <textarea
            className="devtools-json"
            rows={Math.min(8, payload.split('\n').length)}
            spellCheck={false}
            value={payload}
            aria-label={t(operation.method === 'GET' ? 'calls.queryFor' : 'calls.payloadFor', { call: name })}
            onChange={(event) => setEditedPayload(event.target.value)}
          />
          {operation.method === 'GET' && operation.queryParams.length > 0 && (
            <p className="devtools-muted">
              {t('calls.queryParams')} <code>{operation.queryParams.join(', ')}</code>
            </p>
          )}
          {editedPayload !== null && (
            <button type="button" className="link-button" onClick={() => setEditedPayload(null)}>
              {t('calls.resetPayload', { call: name })}
            </button>
          )}
        </div>
      )}
      {operation.kind === 'stream' && <p className="devtools-muted">{t('calls.streamNote')}</p>}
      {problem && (
        <p id={errorId} role="alert" className="form-message form-message-error">
          {problem}
        </p>
      )}
    </li>
  );
}
