import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useStore } from '#stores/prerendered.ts';
import { CloseIcon, EmblemIcon, MenuIcon } from '../components/ui/icons.tsx';
import { SITE_NAME, SITE_ORG, SITE_SHORT_NAME } from '../lib/site.ts';
import { $appVersion } from '../stores/app-version.ts';
import { navTexts } from './texts.ts';

/** Props of SidebarFrame. */
export interface SidebarFrameProps {
  /** Where the brand leads (the role's start page). */
  homeHref: string;
  /** The navigation landmark. */
  children: ReactNode;
  /** The card at the bottom (user, logout). */
  footer: ReactNode;
}

const WIDE_SCREEN = '(min-width: 992px)';

/**
 * Sidebar with the brand, navigation and user card. Below 992 px it becomes an off-canvas panel
 * opened from a top bar; Escape, the close button or the backdrop close it.
 */
export default function SidebarFrame({ homeHref, children, footer }: SidebarFrameProps) {
  const [open, setOpen] = useState(false);
  const version = useStore($appVersion);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const wide = window.matchMedia(WIDE_SCREEN);
    const onChange = () => {
      if (wide.matches) setOpen(false);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    const main = document.getElementById('main');
    main?.toggleAttribute('inert', open);
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <>
      <header className="topbar">
        <button
          ref={toggleRef}
          type="button"
          className="button button--secondary topbar__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(true)}
        >
          <MenuIcon />
          {navTexts.openMenu}
        </button>
        <a className="brand" href={homeHref}>
          <EmblemIcon className="brand__emblem" />
          <span className="brand__text">
            <span className="brand__name">{SITE_SHORT_NAME}</span>
          </span>
        </a>
      </header>
      <aside id={panelId} className="sidebar" data-open={open}>
        <div className="sidebar__head">
          {/* Named by its visible text plus where it leads (WCAG 2.5.3: an aria-label would not match the text). */}
          <a className="brand" href={homeHref}>
            <EmblemIcon className="brand__emblem" />
            <span className="brand__text">
              <span className="brand__name">{SITE_NAME}</span>
              <span className="brand__org">{SITE_ORG}</span>
            </span>
            <span className="visually-hidden">{`. ${navTexts.toHome}`}</span>
          </a>
          <button
            ref={closeRef}
            type="button"
            className="icon-button sidebar__close"
            aria-label={navTexts.closeMenu}
            onClick={close}
          >
            <CloseIcon />
          </button>
        </div>
        {children}
        <div className="sidebar__foot">
          {footer}
          {version && <p className="sidebar__version">{navTexts.version(version)}</p>}
        </div>
      </aside>
      <div className="sidebar-backdrop" data-open={open} aria-hidden="true" onClick={close} />
    </>
  );
}
