import { useEffect, useState } from 'react';
import { type BackTarget, backTarget } from '../../lib/back-link.ts';

/** Props of BackLink. */
export interface BackLinkProps {
  /** The area's lists a statement may be opened from. */
  lists: readonly BackTarget[];
  /** Where it leads when the previous page was none of them (a link from a mail, a notification, the address bar). */
  fallback: BackTarget;
}

/** '← {list}' above a statement: back to the list it was opened from, else to the area's default list. */
export default function BackLink({ lists, fallback }: BackLinkProps) {
  // The first render matches the static page (the fallback); the referrer is read once mounted.
  const [target, setTarget] = useState(fallback);
  useEffect(() => {
    setTarget(backTarget(document.referrer, window.location.origin, lists, fallback));
  }, [lists, fallback]);
  return (
    <a className="back-link" href={target.href}>
      <span aria-hidden="true">←</span>
      {target.label}
    </a>
  );
}
