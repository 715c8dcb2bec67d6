import { useStore } from '#stores/prerendered.ts';
import { $toasts, dismissToast } from '#stores/toasts.ts';
import { CloseIcon } from './icons.tsx';

/** Live region with the toast queue; each toast hides itself after 5 s or on its close button. */
export default function ToastRegion() {
  const toasts = useStore($toasts);
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-label="Уведомления о действиях">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`}>
          <p className="toast__text">{toast.text}</p>
          <button
            type="button"
            className="icon-button toast__close"
            aria-label="Закрыть уведомление"
            onClick={() => dismissToast(toast.id)}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
