import { useServerStatus } from '../lib/connection.ts';

/** One notice while the server is unreachable; it goes by itself once the server answers. */
export function ConnectionBanner() {
  if (useServerStatus() === 'reachable') return null;
  return (
    <div
      role="status"
      data-testid="connection-banner"
      className="fixed inset-x-0 top-0 z-[10000] bg-[#b3261e] px-4 py-2 text-center text-sm font-bold text-white shadow-lg"
    >
      Can't reach Chorus. Trying again…
    </div>
  );
}
