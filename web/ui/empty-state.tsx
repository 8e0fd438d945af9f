import type { ReactNode } from 'react';
import { Link } from './link.tsx';

/**
 * The one look of "nothing here": a page or item that does not exist, a list with nothing in it
 * yet. `heading` makes the title the page's h1 (a not-found page); otherwise it is an h2 in a page.
 */
export function EmptyState({
  title,
  message,
  mark,
  heading = 'h2',
  home = false,
}: {
  title: string;
  message?: ReactNode;
  /** A big word above the title ("404"). */
  mark?: string;
  heading?: 'h1' | 'h2';
  /** Offer the way back home. */
  home?: boolean;
}) {
  const Heading = heading;
  return (
    <section
      data-testid="empty-state"
      className="flex flex-col items-center justify-center gap-3 px-6 py-16 text-center"
    >
      {mark && <p className="text-6xl font-black text-brand">{mark}</p>}
      <Heading className="text-2xl font-bold break-words">{title}</Heading>
      {message && <p className="max-w-md text-muted">{message}</p>}
      {home && (
        <Link to="/" className="mt-2 rounded-full bg-white px-6 py-3 font-bold text-black">
          Home
        </Link>
      )}
    </section>
  );
}
