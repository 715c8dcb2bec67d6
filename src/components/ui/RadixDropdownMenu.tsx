import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { DropdownMenuProps } from './dropdown-menu.ts';
import { ChevronIcon } from './icons.tsx';

/**
 * DropdownMenu's menu itself, loaded when a screen first shows one (DropdownMenu.tsx says why). The only Radix menu
 * wrapper.
 */
export default function RadixDropdownMenu({ label, ariaLabel, items, align = 'end' }: DropdownMenuProps) {
  return (
    // Not modal: a modal menu hides the page with aria-hidden while its links stay focusable (axe aria-hidden-focus);
    // Escape, Tab and a click outside still close it.
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger className="button button--secondary dropdown__trigger" aria-label={ariaLabel}>
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
