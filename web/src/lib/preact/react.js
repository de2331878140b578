/**
 * What the browser build imports as 'react' (see vite.config.ts): Preact's compat layer,
 * with one hook of our own. Preact's `useId` derives ids from a component's place in
 * its tree, and two trees (a dialog rendered through a portal and the page beneath it)
 * can get the same id, so `aria-labelledby` named the wrong element. Ids here come
 * from one counter: unique in the page, stable for a component's life. (There is no
 * server rendering whose ids they would have to match.)
 */
import { useState } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

let next = 0;

export function useId() {
  const [id] = useState(() => {
    next += 1;
    return `:p${next.toString(36)}:`;
  });
  return id;
}
