// Small line icons (24 × 24, currentColor); decorative, so hidden from assistive technology.

/** An arrow leaving a door frame: logout. */
export function LogoutIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M9 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h3" strokeLinecap="round" />
      <path d="M15 7l5 5-5 5M20 12H9" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Three lines: open the menu. */
export function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
    </svg>
  );
}

/** A cross: close. */
export function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
    </svg>
  );
}

/** A chevron pointing down: expandable group. */
export function ChevronIcon({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The portal's emblem: a classical facade on the brand blue. */
export function EmblemIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="8" fill="#0d4cd3" />
      <path d="M20 8 7 15v2h26v-2L20 8Z" fill="#fff" />
      <path d="M10 19h3v10h-3zM16 19h3v10h-3zM21 19h3v10h-3zM27 19h3v10h-3z" fill="#fff" />
      <path d="M7 31h26v2H7z" fill="#fff" />
    </svg>
  );
}
