import { useRef, useState } from 'react';
import { SearchIcon } from './icons.tsx';

/** The search field's placeholder, and the name of the icon and field. */
const texts = { search: 'Поиск', placeholder: 'Поиск…' } as const;

/** Props of SearchToggle. */
export interface SearchToggleProps {
  value: string;
  onChange: (query: string) => void;
}

/**
 * The search icon that opens into a field 'Поиск…'; it folds back when left empty, Escape clears it. The
 * company list and the examiner table both use it.
 */
export default function SearchToggle({ value, onChange }: SearchToggleProps) {
  const [expanded, setExpanded] = useState(value !== '');
  const buttonRef = useRef<HTMLButtonElement>(null);

  if (!expanded) {
    return (
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-label={texts.search}
        aria-expanded={false}
        onClick={() => setExpanded(true)}
      >
        <SearchIcon />
      </button>
    );
  }

  const collapse = () => {
    setExpanded(false);
    // The button is rendered again after this update; return focus to it then.
    requestAnimationFrame(() => buttonRef.current?.focus());
  };

  return (
    <div className="search-box">
      <span className="search-box__icon">
        <SearchIcon />
      </span>
      <input
        className="input search-box__input"
        type="search"
        aria-label={texts.search}
        placeholder={texts.placeholder}
        // biome-ignore lint/a11y/noAutofocus: the field appears because the person asked for it.
        autoFocus
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => {
          if (value.trim() === '') setExpanded(false);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          onChange('');
          collapse();
        }}
      />
    </div>
  );
}
