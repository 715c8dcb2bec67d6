import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import { SearchIcon } from '../../../../components/ui/icons.tsx';
import { $companySearch, setCompanySearch } from '../../stores/lists.ts';
import { listTexts } from './texts.ts';

/** The search icon that opens into a field 'Поиск…' (spec §2); it folds back when left empty, Escape clears it. */
export default function SearchBox() {
  const query = useStore($companySearch);
  const [expanded, setExpanded] = useState(query !== '');
  const buttonRef = useRef<HTMLButtonElement>(null);

  if (!expanded) {
    return (
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-label={listTexts.search}
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
        aria-label={listTexts.search}
        placeholder={listTexts.searchPlaceholder}
        // biome-ignore lint/a11y/noAutofocus: the field appears because the person asked for it.
        autoFocus
        value={query}
        onChange={(event) => setCompanySearch(event.target.value)}
        onBlur={() => {
          if (query.trim() === '') setExpanded(false);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          setCompanySearch('');
          collapse();
        }}
      />
    </div>
  );
}
