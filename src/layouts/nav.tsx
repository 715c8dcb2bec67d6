import { type ReactNode, useId, useState } from 'react';
import { ChevronIcon, LogoutIcon } from '../components/ui/icons.tsx';
import { logoutUser } from '../stores/session.ts';
import { navTexts } from './texts.ts';

/** One sidebar link; marked as the current page when `active`. */
export function NavLink({
  href,
  active,
  count,
  children,
}: {
  href: string;
  active: boolean;
  count?: number;
  children: ReactNode;
}) {
  return (
    <li>
      <a className="side-nav__link" href={href} aria-current={active ? 'page' : undefined}>
        <span>{children}</span>
        {count !== undefined && <span className="side-nav__count">{count}</span>}
      </a>
    </li>
  );
}

/** A titled group of links that can be folded away. */
export function NavGroup({ title, children }: { title: string; children: ReactNode }) {
  const [expanded, setExpanded] = useState(true);
  const listId = useId();
  return (
    <>
      <button
        type="button"
        className="side-nav__toggle side-nav__group"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded(!expanded)}
      >
        <span>{title}</span>
        <ChevronIcon className="side-nav__chevron" />
      </button>
      <ul id={listId} className="side-nav__list side-nav__sublist" hidden={!expanded}>
        {children}
      </ul>
    </>
  );
}

/** Text that may wrap after the '@' of an e-mail instead of in the middle of a word. */
function Wrappable({ text }: { text: string }) {
  const at = text.indexOf('@');
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at + 1)}
      <wbr />
      {text.slice(at + 1)}
    </>
  );
}

/** The card at the bottom of a sidebar: who is signed in, and the logout button. */
export function UserCard({ caption, name, detail }: { caption: string; name: string; detail?: string | null }) {
  return (
    <div className="user-card">
      <div className="user-card__text">
        <span className="user-card__caption">{caption}</span>
        <span className="user-card__name">
          <Wrappable text={name} />
        </span>
        {detail && (
          <span className="user-card__detail">
            <Wrappable text={detail} />
          </span>
        )}
      </div>
      <button
        type="button"
        className="icon-button"
        aria-label={navTexts.logout}
        title={navTexts.logout}
        onClick={() => void logoutUser()}
      >
        <LogoutIcon />
      </button>
    </div>
  );
}
