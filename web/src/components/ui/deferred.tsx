import { useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` once the page around them has painted: a part below the fold (the
 * photo and barcode cards under the day on a phone) is then its own short task instead
 * of lengthening the first one, which would hold up a tap (Total Blocking Time).
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setReady(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return ready ? <>{children}</> : null;
}
