import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { ChevronIcon } from './icons.tsx';

/** One choice of a DropdownMenu. */
export interface MenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
}

/** Props of DropdownMenu. */
export interface DropdownMenuProps {
  /** The button's text (e.g. 'Предоставить ответ'). */
  label: string;
  items: readonly MenuItem[];
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end';
}

/** A button that opens a list of actions; arrows, Enter and Escape work as in any menu. The only Radix menu wrapper. */
export default function DropdownMenu({ label, items, align = 'end' }: DropdownMenuProps) {
  return (
    // Not modal: a modal menu hides the page with aria-hidden while its links stay focusable (axe aria-hidden-focus);
    // Escape, Tab and a click outside still close it.
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger className="button button--secondary dropdown__trigger">
        {label}
        <ChevronIcon className="dropdown__chevron" />
      </RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className="dropdown" align={align} sideOffset={4}>
          {items.map((item) => (
            <RadixMenu.Item
              key={item.label}
              className="dropdown__item"
              disabled={item.disabled}
              onSelect={item.onSelect}
            >
              {item.label}
            </RadixMenu.Item>
          ))}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}
