import { Search } from 'lucide-react';

/** The top bar's search box (SPEC §2.13); the search feature makes it real. */
export function SearchBox() {
  return (
    <label className="relative hidden max-w-md flex-1 sm:block">
      <span className="sr-only">Search</span>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted" />
      <input
        type="search"
        placeholder="What do you want to play?"
        className="h-12 w-full rounded-full bg-elevated pr-4 pl-11 text-sm placeholder:text-muted focus:bg-highlight"
      />
    </label>
  );
}
