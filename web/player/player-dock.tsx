import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { whenIdle } from '../lib/idle.ts';
import { PlayerMenus } from './player-menus.tsx';
import {
  loadPlayerBar,
  loadQueuePanel,
  loadShortcutsHelp,
  prefetchPlayerParts,
} from './player-parts.ts';
import { usePlayer } from './player-store.ts';

/** The bar's module once here: then it renders directly, without suspending on a click. */
let barModule: Awaited<ReturnType<typeof loadPlayerBar>> | null = null;
const loadBar = () =>
  loadPlayerBar().then((module) => {
    barModule = module;
    return module;
  });
const LazyPlayerBar = lazy(() => loadBar().then((m) => ({ default: m.PlayerBar })));
const QueuePanel = lazy(() => loadQueuePanel().then((m) => ({ default: m.QueuePanel })));
const ShortcutsHelp = lazy(() => loadShortcutsHelp().then((m) => ({ default: m.ShortcutsHelp })));

/**
 * Loads the player bar's code before the first render when a saved song will show in it (at most
 * `capMs`), so a returning listener's player renders with the page.
 */
export function preloadPlayer(capMs = 500): Promise<unknown> {
  if (usePlayer.getState().queue.length === 0) return Promise.resolve();
  return Promise.race([
    loadBar().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, capMs)),
  ]);
}

/**
 * The bottom of every listener page: a hint until a song is chosen, then the player
 * bar (and the mini player below 768 px). Playback itself never waits for this code: the audio
 * engine is in the first chunk.
 */
export function PlayerDock() {
  // Deferred: on the first Play the bar mounts in its own task, after the click has handed the
  // song to the <audio> element and the browser has started fetching it.
  const hasSong = useDeferredValue(usePlayer((state) => state.queue.length > 0));
  useEffect(() => whenIdle(() => void Promise.all([loadBar(), prefetchPlayerParts()])), []);

  return (
    <>
      {hasSong ? (
        <Suspense fallback={<div className="hidden h-20 bg-black md:block" />}>
          <Bar />
        </Suspense>
      ) : (
        <section aria-label="Player" className="hidden h-20 items-center bg-black px-4 md:flex">
          <p className="text-sm text-muted">Pick a song to start listening</p>
        </section>
      )}
      <PlayerOverlays />
      <PlayerMenus />
    </>
  );
}

/** Chooses once, when a song first appears, between the loaded bar and the lazy one. */
function Bar() {
  const [PlayerBar] = useState(() => barModule?.PlayerBar ?? LazyPlayerBar);
  return <PlayerBar />;
}

function PlayerOverlays() {
  const queueOpen = usePlayer((state) => state.queueOpen);
  const helpOpen = usePlayer((state) => state.helpOpen);
  return (
    <Suspense fallback={null}>
      {queueOpen ? <QueuePanel /> : null}
      {helpOpen ? <ShortcutsHelp /> : null}
    </Suspense>
  );
}
