import Button from '#components/ui/Button.tsx';
import type { BackTarget } from '../../lib/back-link.ts';
import { statementDetailTexts as texts } from '../texts.ts';

/** Props of DetailUnavailable. */
export interface DetailUnavailableProps {
  /** No such statement for this reader, or one that failed to load. */
  reason: 'notFound' | 'error';
  /** The side's default list: the way back from a statement that is not there. */
  home: BackTarget;
  /** 'Повторить' after a failed load. */
  onRetry: () => void;
}

/**
 * A statement detail that has no statement to show, at the address it was opened with: 'Заявление не найдено' with the
 * way to the list, or 'Не удалось загрузить заявление' with 'Повторить'.
 */
export default function DetailUnavailable({ reason, home, onRetry }: DetailUnavailableProps) {
  if (reason === 'notFound') {
    return (
      <section className="empty-state detail-unavailable" aria-labelledby="detail-unavailable-title">
        <h1 className="empty-state__title" id="detail-unavailable-title">
          {texts.notFound}
        </h1>
        <p className="empty-state__text">{texts.notFoundText}</p>
        <p>
          <a href={home.href}>{texts.toList}</a>
        </p>
      </section>
    );
  }
  return (
    <section className="empty-state detail-unavailable" aria-labelledby="detail-unavailable-title">
      <div role="alert">
        <h1 className="empty-state__title" id="detail-unavailable-title">
          {texts.loadFailed}
        </h1>
        <p className="empty-state__text">{texts.loadFailedText}</p>
      </div>
      <Button onClick={onRetry}>{texts.retry}</Button>
    </section>
  );
}
