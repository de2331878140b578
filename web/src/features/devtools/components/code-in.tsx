/** Stands where the code goes in a translated sentence. */
export const CODE_MARK = '\u0000';

/**
 * A translated sentence (made with CODE_MARK for its placeholder) with a path or name
 * set as code: an API path or field name is not a word to translate.
 */
export function CodeIn({ text, code }: { text: string; code: string }) {
  const [before = '', after = ''] = text.split(CODE_MARK);
  return (
    <>
      {before}
      <code>{code}</code>
      {after}
    </>
  );
}
