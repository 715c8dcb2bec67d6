/** Props of Spinner. */
export interface SpinnerProps {
  /** Text shown under the spinner and read by screen readers. */
  label?: string;
  /** Covers the whole viewport (start of the app, auth gate). */
  fullscreen?: boolean;
}

/** A calm loading indicator with a visible text, announced politely. */
export default function Spinner({ label = 'Загрузка…', fullscreen = false }: SpinnerProps) {
  return (
    <div className={fullscreen ? 'loading loading--fullscreen' : 'loading'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
