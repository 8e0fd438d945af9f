import type { PlayerSong } from './player-state.ts';

export interface MediaSessionControls {
  play(): void;
  pause(): void;
  next(): void;
  previous(): void;
  seek(seconds: number): void;
  position(): number;
}

function artworkFor(song: PlayerSong): MediaImage[] {
  if (!song.coverImage) return [{ src: '/default-cover.svg', type: 'image/svg+xml' }];
  const match = /^(\/api\/images\/[a-f0-9]{64})\/\d+\.webp$/.exec(song.coverImage);
  if (!match) return [{ src: song.coverImage }];
  return [300, 640].map((width) => ({
    src: `${match[1]}/${width}.webp`,
    sizes: `${width}x${width}`,
    type: 'image/webp',
  }));
}

/** Lock screens, notification shades and media keys drive the player through these. */
export function installMediaSession(controls: MediaSessionControls): void {
  if (!('mediaSession' in navigator)) return;
  const session = navigator.mediaSession;
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => controls.play()],
    ['pause', () => controls.pause()],
    ['nexttrack', () => controls.next()],
    ['previoustrack', () => controls.previous()],
    ['seekto', (details) => details.seekTime !== undefined && controls.seek(details.seekTime)],
    ['seekbackward', (details) => controls.seek(controls.position() - (details.seekOffset ?? 10))],
    ['seekforward', (details) => controls.seek(controls.position() + (details.seekOffset ?? 10))],
  ];
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // Browsers reject actions they do not know; the others still work.
    }
  }
}

export function updateMediaSession(song: PlayerSong | null, playing: boolean): void {
  if (!('mediaSession' in navigator)) return;
  const session = navigator.mediaSession;
  session.metadata = song
    ? new MediaMetadata({
        title: song.title,
        artist: song.artistName,
        album: song.albumName ?? '',
        artwork: artworkFor(song),
      })
    : null;
  session.playbackState = song ? (playing ? 'playing' : 'paused') : 'none';
}

export function updatePositionState(position: number, duration: number): void {
  if (!('mediaSession' in navigator) || !(duration > 0)) return;
  try {
    navigator.mediaSession.setPositionState({
      duration,
      position: Math.min(Math.max(0, position), duration),
      playbackRate: 1,
    });
  } catch {
    // An inconsistent state (e.g. mid-switch) is just skipped.
  }
}
