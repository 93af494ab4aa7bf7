import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { SEARCH_QUERY_MAX, normalizeSearchQuery } from '../../lib/search-query';
import { SearchIcon } from './icons';
import './search-box.css';

/** Says why a list's sort is set aside while a search ranks the results. */
export const RELEVANCE_NOTE = 'Sorted by relevance while searching.';

/** How long typing must pause before the list searches (~250 ms). */
export const SEARCH_DEBOUNCE_MS = 250;

interface SearchBoxProps {
  /** The input's id, which the label points at. */
  id: string;
  /** The term searched for now (the URL's `q`); undefined for none. */
  value: string | undefined;
  /** Called with the new term once typing pauses, at once on Enter and Escape. */
  onSearch: (query: string | undefined) => void;
  placeholder: string;
  /** Ids of texts that describe the field (e.g. 'Sorted by relevance'). */
  describedBy?: string;
}

/**
 * The 'Search' field of a list page: searches as the typing pauses, at once on Enter;
 * Escape empties it (and only when it is already empty does Escape reach a dialog around it). The
 * term comes from the URL, so Back, a link or a 'Clear search' button elsewhere update the field.
 */
export function SearchBox({ id, value, onSearch, placeholder, describedBy }: SearchBoxProps) {
  const [text, setText] = useState(value ?? '');
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  // The URL changed under the field (Back, a link, 'Clear search'): show what it searches for.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    if (normalizeSearchQuery(text) !== value) setText(value ?? '');
  }

  // Typing searches once it pauses; a field that already says what is searched asks nothing.
  useEffect(() => {
    const typed = normalizeSearchQuery(text);
    if (typed === value) return undefined;
    const timer = window.setTimeout(() => onSearchRef.current(typed), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onSearch(normalizeSearchQuery(text));
    } else if (event.key === 'Escape' && text !== '') {
      // Emptying the field is all Escape does here: a dialog around it stays open.
      event.preventDefault();
      event.stopPropagation();
      setText('');
      onSearch(undefined);
    }
  };

  return (
    <div className="field search-box">
      <label className="field__label" htmlFor={id}>
        Search
      </label>
      <div className="search-box__control">
        <SearchIcon className="search-box__icon" />
        <input
          id={id}
          className="input search-box__input"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={SEARCH_QUERY_MAX}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-describedby={describedBy}
        />
      </div>
    </div>
  );
}
