import { errorMessage } from '../lib/api.ts';

/** What a failed load offers to ask again with: the query's error, whether it asks, and how. */
export interface FailedLoad {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * What stopped a page, or a part of one, from loading, with the server's reason and Try Again
 * (busy while it asks), so the listener need not reload: a busy server's refusal often passes.
 * `heading` is the title's level where it stands: h1 for a whole page.
 */
export function LoadError({
  title,
  load,
  heading = 'h2',
  className = '',
}: {
  title: string;
  load: FailedLoad;
  heading?: 'h1' | 'h2' | 'h3';
  className?: string;
}) {
  const Heading = heading;
  return (
    <div role="alert" className={`flex flex-col items-start gap-3 ${className}`}>
      <Heading className={heading === 'h1' ? 'text-2xl font-bold' : 'text-lg font-bold'}>
        {title}
      </Heading>
      <p className="text-muted">{errorMessage(load.error)}</p>
      <button
        type="button"
        aria-busy={load.isFetching}
        disabled={load.isFetching}
        onClick={() => load.refetch()}
        className="rounded-full bg-white px-6 py-2 font-bold text-black disabled:opacity-50"
      >
        Try Again
      </button>
    </div>
  );
}
