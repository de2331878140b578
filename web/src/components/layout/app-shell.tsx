/** The app's mark: a leaf. */
export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M5 19c0-8 5-14 15-15-1 10-7 15-15 15Z" fill="currentColor" />
      <path d="M5 19 14 10" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The top bar with its mark and no words: what index.html paints before any JavaScript,
 * and what shows while the first page's words are on their way, so the screen never
 * goes blank in between.
 */
export function AppShell() {
  return (
    <header className="topbar">
      <div className="topbar-inner">
        <span className="brand">
          <BrandMark />
        </span>
      </div>
    </header>
  );
}
