// The props DropdownMenu and the Radix menu it loads later share (apart, so neither file imports the other).

/** One choice of a DropdownMenu. */
interface MenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
}

/** Props of DropdownMenu. */
export interface DropdownMenuProps {
  /** The button's text (e.g. 'Предоставить ответ'). */
  label: string;
  /** The button's name when its text alone is not enough (one menu per row: 'Действия: Реконструкция'). */
  ariaLabel?: string;
  items: readonly MenuItem[];
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end';
}
