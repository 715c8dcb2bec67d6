import { useRef, useState } from 'react';
import { SearchIcon } from '../../../../components/ui/icons.tsx';
import { tableTexts } from './texts.ts';

/** Props of SearchToggle. */
export interface SearchToggleProps {
  value: string;
  onChange: (query: string) => void;
}

/** The search icon that opens into a field 'Поиск…' (spec §2); it folds back when left empty, Escape clears it. */
export default function SearchToggle({ value, onChange }: SearchToggleProps) {
  const [expanded, setExpanded] = useState(value !== '');
  const buttonRef = useRef<HTMLButtonElement>(null);

  if (!expanded) {
    return (
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-label={tableTexts.search}
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
        aria-label={tableTexts.search}
        placeholder={tableTexts.searchPlaceholder}
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
