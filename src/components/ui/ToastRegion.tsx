import { useStore } from '#stores/prerendered.ts';
import { $toasts, dismissToast, holdToasts } from '#stores/toasts.ts';
import { CloseIcon } from './icons.tsx';

/**
 * Live region with the toast queue: information and success hide after 5 s, an error stays until its close button;
 * the time stands still while the pointer is over the region or the focus is in it.
 */
export default function ToastRegion() {
  const toasts = useStore($toasts);
  return (
    <div
      className="toast-region"
      role="status"
      aria-live="polite"
      aria-label="Уведомления о действиях"
      onPointerEnter={() => holdToasts('pointer', true)}
      onPointerLeave={() => holdToasts('pointer', false)}
      onFocus={() => holdToasts('focus', true)}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (!(next instanceof Node && event.currentTarget.contains(next))) holdToasts('focus', false);
      }}
    >
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
