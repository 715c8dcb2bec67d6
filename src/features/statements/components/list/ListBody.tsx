import type { ReactNode } from 'react';
import LoadFailed from '#components/ui/LoadFailed.tsx';
import Spinner from '#components/ui/Spinner.tsx';

/** What a statement list screen shows where its rows go, and its words for each state. */
export interface ListBodyProps {
  /** The load failed: the message and a retry. */
  failed: boolean;
  /** Nothing to show yet: a spinner. */
  loading: boolean;
  /** No statement at all in the screen's scope (checked before the filters). */
  empty?: boolean;
  /** The filters leave no row. */
  nothingFound: boolean;
  texts: { loadFailed: string; retry: string; loading: string; empty?: string; nothingFound: string };
  onRetry: () => void;
  /** The rows. */
  children: ReactNode;
}

/** The rows of a statement list, or why there are none: failed, loading, empty, or filtered out. */
export default function ListBody({ failed, loading, empty, nothingFound, texts, onRetry, children }: ListBodyProps) {
  if (failed) return <LoadFailed text={texts.loadFailed} retryLabel={texts.retry} onRetry={onRetry} look="empty" />;
  if (loading) return <Spinner label={texts.loading} />;
  if (empty && texts.empty) return <p className="empty-state empty-state__title">{texts.empty}</p>;
  if (nothingFound) return <p className="empty-state empty-state__title">{texts.nothingFound}</p>;
  return children;
}
