import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { FilePicker, type FilePickerProps } from '@/components/ui/file-picker';

type FieldIds = { id: string; hintId: string | undefined };
type FieldFrameProps = { label: string; id?: string; hint?: ReactNode; children: (ids: FieldIds) => ReactNode };

// The hint sits outside the label, so the control's name is the label alone.
function FieldFrame({ label, id, hint, children }: FieldFrameProps) {
  const ownId = useId();
  const hintId = useId();
  const controlId = id ?? ownId;
  return (
    <div className="field">
      <label htmlFor={controlId} className="field-label">
        {label}
      </label>
      {children({ id: controlId, hintId: hint ? hintId : undefined })}
      {hint && (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      )}
    </div>
  );
}

/** A labelled input; the hint, if any, describes it. */
export function TextField({
  label,
  hint,
  ...input
}: { label: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame label={label} hint={hint} id={input.id}>
      {({ id, hintId }) => <input aria-describedby={hintId} {...input} id={id} />}
    </FieldFrame>
  );
}

/** A labelled file picker (a photo to scan or to read); the hint, if any, describes it. */
export function FileField({ label, hint, ...picker }: { label: string; hint?: ReactNode } & FilePickerProps) {
  return (
    <FieldFrame label={label} hint={hint} id={picker.id}>
      {({ id, hintId }) => <FilePicker aria-describedby={hintId} {...picker} id={id} />}
    </FieldFrame>
  );
}

/** A labelled select over `options` (value and shown text). */
export function SelectField({
  label,
  hint,
  options,
  ...select
}: {
  label: string;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldFrame label={label} hint={hint} id={select.id}>
      {({ id, hintId }) => (
        <select aria-describedby={hintId} {...select} id={id}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** A message about the form as a whole: errors interrupt, confirmations wait their turn. */
export function FormMessage({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`form-message form-message-${tone}`}>
      {children}
    </p>
  );
}
