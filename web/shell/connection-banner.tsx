import { useServerStatus } from '../lib/connection.ts';

/** One notice while the server is unreachable; it goes by itself once the server responds. */
export function ConnectionBanner() {
  if (useServerStatus() === 'reachable') return null;
  return (
    <div
      role="status"
      data-testid="connection-banner"
      // Above the player (and on a phone above the mini player and tab bar), clear of the top bar.
      className="fixed bottom-32 left-1/2 z-[10000] w-max max-w-[calc(100vw-1rem)] -translate-x-1/2 rounded-full bg-[#b3261e] px-5 py-2 text-center text-sm font-bold text-white shadow-lg md:bottom-24"
    >
      Can't reach Chorus. Trying again…
    </div>
  );
}
