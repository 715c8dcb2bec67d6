import { lazy, Suspense } from 'react';
import type { DropdownMenuProps } from './dropdown-menu.ts';
import { ChevronIcon } from './icons.tsx';

// Radix's menu with its positioning (floating-ui) is about a third of the examiner's detail page, and it is shown only
// on a statement the examiner can answer: it loads when a screen first shows a menu, not with the page.
const RadixDropdownMenu = lazy(() => import('./RadixDropdownMenu.tsx'));

/**
 * A button that opens a list of actions; arrows, Enter and Escape work as in any menu. Until the menu's code has
 * arrived (a moment, once per page) the same button stands in, disabled and busy.
 */
export default function DropdownMenu(props: DropdownMenuProps) {
  return (
    <Suspense
      fallback={
        <button
          type="button"
          className="button button--secondary dropdown__trigger"
          aria-haspopup="menu"
          aria-label={props.ariaLabel}
          aria-busy="true"
          disabled
        >
          {props.label}
          <ChevronIcon className="dropdown__chevron" />
        </button>
      }
    >
      <RadixDropdownMenu {...props} />
    </Suspense>
  );
}
