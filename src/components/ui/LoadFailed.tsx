import Button from './Button.tsx';

/** Props of LoadFailed. */
export interface LoadFailedProps {
  /** What could not be loaded ('Не удалось загрузить заявления'). */
  text: string;
  /** The retry button's label. */
  retryLabel: string;
  onRetry: () => void;
  /** An alert box above a form or a list, or the quiet empty-state look where the list itself would be. */
  look?: 'alert' | 'empty';
}

/** A load that failed, announced to screen readers, with a button that tries again. */
export default function LoadFailed({ text, retryLabel, onRetry, look = 'alert' }: LoadFailedProps) {
  const alert = look === 'alert';
  return (
    <div className={alert ? 'alert alert--error' : 'empty-state'} role="alert">
      <p className={alert ? 'alert__title' : 'empty-state__title'}>{text}</p>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
