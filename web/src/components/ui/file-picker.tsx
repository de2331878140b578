import { useRef, useState, type InputHTMLAttributes } from 'react';

export type FilePickerProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'className'> & {
  /** The button's words, in the page's language. */
  chooseLabel: string;
  /** Said while no file is chosen. */
  noneLabel: string;
  onFile: (file: File | null) => void;
};

/**
 * A file input that speaks the page's language. The browser's own button and "No file
 * chosen" follow the browser's language, not the app's, so they showed English on a
 * Chinese page. The real input stays (named by its field's label, focusable, where tests
 * and assistive technology find it), visually hidden behind a button and the file's name.
 */
export function FilePicker({ chooseLabel, noneLabel, onFile, disabled, ...input }: FilePickerProps) {
  const ref = useRef<HTMLInputElement>(null);
  const [name, setName] = useState<string | null>(null);
  return (
    <div className="file-picker">
      <input
        {...input}
        ref={ref}
        type="file"
        className="file-picker-input visually-hidden"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          setName(file?.name ?? null);
          onFile(file);
        }}
      />
      <button
        type="button"
        className="btn btn-secondary btn-small file-picker-button"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onClick={() => ref.current?.click()}
      >
        {chooseLabel}
      </button>
      <span className="file-picker-name" aria-hidden="true">
        {name ?? noneLabel}
      </span>
    </div>
  );
}
