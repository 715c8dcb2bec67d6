import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import LoadFailed, { type LoadFailedProps } from './LoadFailed.tsx';

/**
 * A module loaded on demand, once: every call answers the same promise, so a page can start the load early (beside
 * its data) and render it later. A failed load is forgotten, so the next call (a retry) asks the network again.
 */
export function chunk<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** The lazy component of each loader, shared by every LazyChunk that shows it (see lazyOf). */
const lazies = new WeakMap<object, unknown>();

/**
 * One lazy component per loader: once its module has loaded, every later LazyChunk of it (a second dialog, the same
 * dialog mounted again) renders the module at once instead of suspending. A fresh `lazy` around the loader's already
 * fulfilled promise would suspend on a promise React has marked fulfilled, and React replays such a promise at once
 * rather than waiting for it; the new lazy only learns of the module in a microtask, so a render that never yields to
 * microtasks (inside `act` under jsdom) replays it forever. A lazy whose load failed is dropped, so a retry makes a new
 * one (React.lazy keeps its failure).
 */
function lazyOf<P>(load: Loader<P>): LazyExoticComponent<ComponentType<P>> {
  const known = lazies.get(load) as LazyExoticComponent<ComponentType<P>> | undefined;
  if (known) return known;
  const made = lazy(() =>
    load().catch((error: unknown) => {
      if (lazies.get(load) === made) lazies.delete(load);
      throw error;
    }),
  );
  lazies.set(load, made);
  return made;
}

/** Shows `failed` instead of its children once a chunk under it failed to load. */
class ChunkBoundary extends Component<{ children: ReactNode; failed: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.error(error);
  }

  render(): ReactNode {
    return this.state.failed ? this.props.failed : this.props.children;
  }
}

/** Props of LazyChunk. */
export interface LazyChunkProps<P> {
  /** The component's module (made with `chunk`, so a retry loads it anew). */
  load: Loader<P>;
  props: P;
  /** What stands in its place while it loads. */
  fallback: ReactNode;
  /** What the page says when it could not be loaded (offline, or a deploy replaced it), above 'Повторить'. */
  failedText: string;
  retryLabel: string;
  /** LoadFailed's look: an alert by default, or the empty state where the part would be. */
  look?: LoadFailedProps['look'];
  /** Where the failure shows, around it (a dialog's: a window of its own); by default in the part's place. */
  frame?: (failure: ReactNode) => ReactNode;
}

/**
 * A part of a page whose code loads after the page's own (the initial JS budget): its fallback while it loads, and a
 * retry, not a blank island, when its chunk fails.
 */
export default function LazyChunk<P extends object>({
  load,
  props,
  fallback,
  failedText,
  retryLabel,
  look,
  frame,
}: LazyChunkProps<P>) {
  // A failed chunk stays failed in React.lazy: a retry takes a new lazy component (and a new boundary).
  const [view, setView] = useState(() => ({ Lazy: lazyOf(load), attempt: 0 }));
  const { Lazy, attempt } = view;
  const retry = () => setView({ Lazy: lazyOf(load), attempt: attempt + 1 });
  const failure = <LoadFailed text={failedText} retryLabel={retryLabel} onRetry={retry} look={look} />;
  return (
    <ChunkBoundary key={attempt} failed={frame ? frame(failure) : failure}>
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}
