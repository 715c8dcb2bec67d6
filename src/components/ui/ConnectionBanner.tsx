import { $connectionLost } from '#stores/connection.ts';
import { useStore } from '#stores/prerendered.ts';

/** The banner's words (docs/product.md «Session behaviour on the site»). */
export const CONNECTION_LOST = 'Нет соединения с порталом: изменения появятся, когда связь восстановится';

/**
 * Says when the portal cannot be reached (network, API or live stream down) and goes away once it can; a live region
 * that is always on the page, so a screen reader hears the change.
 */
export default function ConnectionBanner() {
  const lost = useStore($connectionLost);
  return (
    <div className="connection-banner" role="status" aria-live="polite">
      {lost && <p className="alert alert--warning connection-banner__text">{CONNECTION_LOST}</p>}
    </div>
  );
}
