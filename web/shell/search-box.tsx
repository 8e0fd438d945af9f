import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { clipSearchQuery, SEARCH_QUERY_MAX } from '../../contract/rules/search.ts';

/** How long typing must pause before the results page follows it. */
const DEBOUNCE_MS = 250;

/** The history state of a search the listener entered (Enter), as the search page reads it. */
const ENTERED = { entered: true } as const;

/** Whether a location's history `state` is that of a search entered with Enter. */
export function wasEntered(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'entered' in state;
}

/**
 * The search box ('What do you want to play?'): typing opens /search?q= and keeps the
 * results in step; the clear button empties it. Also used on the search page on small screens.
 */
export function SearchBox({
  className = 'hidden max-w-md flex-1 sm:flex',
}: {
  className?: string;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const onSearchPage = location.pathname === '/search';
  const urlQuery = onSearchPage ? clipSearchQuery(params.get('q') ?? '') : '';
  const [text, setText] = useState(urlQuery);
  const typed = useRef(false);
  const input = useRef<HTMLInputElement>(null);

  // Back/forward and links change the URL: the box follows unless the user is typing.
  useEffect(() => {
    if (!typed.current) setText(urlQuery);
  }, [urlQuery]);

  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => {
      typed.current = false;
      const q = text.trim();
      if (q === urlQuery.trim() && onSearchPage) return;
      if (!q && !onSearchPage) return;
      navigate(q ? `/search?q=${encodeURIComponent(q)}` : '/search', { replace: onSearchPage });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, urlQuery, onSearchPage, navigate]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form is needed for Enter; role=search names it as a landmark in every browser
    <form
      role="search"
      className={`relative items-center ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        typed.current = false;
        const q = text.trim();
        navigate(q ? `/search?q=${encodeURIComponent(q)}` : '/search', {
          replace: onSearchPage,
          // Enter commits to a search: the page records it as a recent one.
          state: q ? ENTERED : null,
        });
      }}
    >
      <label className="contents">
        <span className="sr-only">Search</span>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted" />
        <input
          ref={input}
          type="search"
          value={text}
          onChange={(event) => {
            typed.current = true;
            setText(event.target.value);
          }}
          placeholder="What do you want to play?"
          maxLength={SEARCH_QUERY_MAX}
          className="h-12 w-full rounded-full bg-elevated pr-11 pl-11 text-sm placeholder:text-muted focus:bg-highlight [&::-webkit-search-cancel-button]:hidden"
        />
      </label>
      {text && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            typed.current = true;
            setText('');
            // The button goes with the text: focus stays in the box, ready for new words.
            input.current?.focus();
          }}
          className="absolute top-1/2 right-3 grid size-7 -translate-y-1/2 place-items-center rounded-full text-muted hover:text-white"
        >
          <X className="size-5" />
        </button>
      )}
    </form>
  );
}
