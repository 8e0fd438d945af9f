import { ChevronLeft, ChevronRight, Loader2, type LucideIcon } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { formatCount } from '../../../../contract/rules/format.ts';
import { SEARCH_QUERY_MAX } from '../../../../contract/rules/search.ts';
import { errorMessage } from '../../../lib/api.ts';
import type { FailedLoad } from '../../../ui/load-error.tsx';
import { useReturnFocus } from '../../../ui/return-focus.ts';
import { pageCount, pageWithin } from './paging.ts';

/** The page's heading; `headingRef` lets a closing dialog give it focus when its opener is gone. */
export function PageHeader({
  title,
  action,
  headingRef,
}: {
  title: string;
  action?: ReactNode;
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
        {title}
      </h1>
      {action}
    </div>
  );
}

export function StatCard({
  label,
  value,
  icon: Icon,
  note,
}: {
  label: string;
  value: number | string | undefined;
  icon: LucideIcon;
  note?: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      className="rounded-xl border border-white/10 bg-[#151515] p-5"
      data-testid={`stat-${label}`}
    >
      <div className="flex items-center justify-between text-sm text-muted">
        <span>{label}</span>
        <Icon className="size-5" aria-hidden />
      </div>
      <p className="mt-3 text-3xl font-bold tabular-nums">
        {value === undefined ? '…' : typeof value === 'number' ? formatCount(value) : value}
      </p>
      {note && <p className="mt-1 text-xs text-muted">{note}</p>}
    </section>
  );
}

export function SearchInput({
  value,
  onChange,
  placeholder,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
}) {
  return (
    <input
      type="search"
      aria-label={label}
      value={value}
      // The server searches this much at most; a longer paste is cut here rather than refused.
      maxLength={SEARCH_QUERY_MAX}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      className="w-full max-w-sm rounded-md border border-white/10 bg-[#1a1a1a] px-3 py-2 text-sm outline-none focus:border-brand"
    />
  );
}

export const selectClass =
  'rounded-md border border-white/10 bg-[#1a1a1a] px-3 py-2 text-sm outline-none focus:border-brand';
export const inputClass =
  'w-full rounded-md border border-white/10 bg-[#1a1a1a] px-3 py-2 text-sm outline-none focus:border-brand';
export const primaryButton =
  'inline-flex items-center gap-2 rounded-full bg-brand px-4 py-2 text-sm font-semibold text-black hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-50';
export const secondaryButton =
  'inline-flex items-center gap-2 rounded-full border border-white/20 px-4 py-2 text-sm font-semibold hover:border-white disabled:opacity-50';

/**
 * What went wrong, in red above what it is about; with `onRetry`, a list that failed to load
 * offers to ask again (busy while `retrying`), so the admin need not reload the page.
 */
export function ErrorBanner({
  children,
  onRetry,
  retrying = false,
}: {
  children: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-500/40 bg-red-500/10 p-3 text-sm text-red-300"
    >
      <p>{children}</p>
      {onRetry && (
        <button
          type="button"
          aria-busy={retrying}
          disabled={retrying}
          onClick={onRetry}
          className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-black disabled:opacity-50"
        >
          {retrying && <Spinner />} Try Again
        </button>
      )}
    </div>
  );
}

/**
 * What stopped a list or the figures from loading, after `label`, with Try Again; nothing while
 * `query` has no error.
 */
export function LoadErrorBanner({ query, label }: { query: FailedLoad; label: string }) {
  if (!query.error) return null;
  return (
    <ErrorBanner onRetry={() => query.refetch()} retrying={query.isFetching}>
      {label}: {errorMessage(query.error)}
    </ErrorBanner>
  );
}

/**
 * Previous, "Page n of m", Next. `total` is the list's row count, undefined until known; when an
 * action takes away the last rows of the last page, the pager moves the list to the page before,
 * so it never shows an empty page of a list that has rows.
 */
export function Pager({
  page,
  limit,
  total,
  onPage,
}: {
  page: number;
  limit: number;
  total: number | undefined;
  onPage: (page: number) => void;
}) {
  const pages = pageCount(total ?? 0, limit);
  const within = total === undefined ? page : pageWithin(page, total, limit);
  useEffect(() => {
    if (within !== page) onPage(within);
  }, [within, page, onPage]);
  const nav = useRef<HTMLElement>(null);
  if (pages <= 1) return null;
  // Another page is read from its top, not from where the pager left the last one.
  const turnTo = (next: number) => {
    onPage(next);
    nav.current?.closest('main')?.scrollTo({ top: 0 });
  };
  return (
    <nav ref={nav} aria-label="Pages" className="mt-4 flex items-center justify-end gap-3 text-sm">
      <button
        type="button"
        className={secondaryButton}
        disabled={page <= 1}
        onClick={() => turnTo(page - 1)}
      >
        <ChevronLeft className="size-4" /> Previous
      </button>
      <span className="text-muted">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className={secondaryButton}
        disabled={page >= pages}
        onClick={() => turnTo(page + 1)}
      >
        Next <ChevronRight className="size-4" />
      </button>
    </nav>
  );
}

export function Spinner({ className = 'size-4' }: { className?: string }) {
  return <Loader2 className={`${className} animate-spin`} aria-hidden />;
}

/** A dialog; on closing, focus goes back to what opened it, else to `returnFocusTo`. */
export function Modal({
  open,
  onOpenChange,
  title,
  children,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const returnFocus = useReturnFocus(open, returnFocusTo);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(32rem,92vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-[#181818] p-6 text-white shadow-2xl"
        >
          <Dialog.Title className="mb-4 text-xl font-bold">{title}</Dialog.Title>
          <Dialog.Description className="sr-only">{title}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Debounces a value, so typing in a search box does not send a request per key. */

export function useDebounced<T>(value: T, ms = 250): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
