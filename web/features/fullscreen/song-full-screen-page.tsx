import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useBack } from '../../lib/go-back.ts';
import { AddToPlaylistPopup } from '../../player/add-to-playlist-popup.tsx';
import { LikeButton } from '../../player/like-button.tsx';
import {
  PanelButtons,
  SeekBar,
  TransportControls,
  VolumeControl,
} from '../../player/player-bar.tsx';
import { PlayerMenus } from '../../player/player-menus.tsx';
import { useCurrentSong, usePlayer } from '../../player/player-store.ts';
import { QueuePanel } from '../../player/queue-panel.tsx';
import { ShortcutsHelp } from '../../player/shortcuts-help.tsx';
import { SongMenuButton } from '../../player/song-menu-trigger.tsx';
import { CoverImage } from '../../ui/cover-image.tsx';
import { AlbumLink, ArtistLinks } from '../../ui/song-credits.tsx';

/** The full-screen player: the song, its actions (heart, add to playlist, menu), the controls. */
export function SongFullScreenPage() {
  const song = useCurrentSong();
  const back = useBack();
  // The queue and the shortcuts' list opened here are this page's: leaving it, by its Back, the
  // browser's or a link, closes them rather than leaving them over the page below.
  useEffect(() => () => usePlayer.getState().closePanels(), []);
  return (
    <main
      data-full-screen-player
      className="flex min-h-full flex-col bg-gradient-to-b from-[#3a3a3a] to-black p-4 sm:p-8"
    >
      <button
        type="button"
        aria-label="Back"
        onClick={back}
        className="grid size-10 place-items-center rounded-full bg-black/40 hover:bg-black/70"
      >
        <ArrowLeft className="size-6" />
      </button>
      <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-6">
        <CoverImage
          src={song?.coverImage}
          alt={song ? `Cover of ${song.title}` : 'No song selected'}
          sizes="(max-width: 640px) 90vw, 576px"
          loading="eager"
          // The cover gives way first, so the controls below it fit the window unscrolled.
          className="aspect-square w-full max-w-[min(90vw,60vh,calc(100dvh_-_26rem))] rounded-lg object-cover shadow-2xl"
        />
        <div className="w-full text-center">
          <h1 className="truncate text-2xl font-bold sm:text-3xl" data-testid="fullscreen-title">
            {song ? song.title || 'Unknown Title' : 'No song selected'}
          </h1>
          <p className="truncate text-muted">
            {song ? <ArtistLinks song={song} /> : 'Unknown Artist'}
          </p>
          <p className="truncate text-sm text-muted">
            {song ? <AlbumLink song={song} /> : 'Unknown Album'}
          </p>
        </div>
        {song && (
          <div className="flex items-center gap-4" data-testid="fullscreen-song-actions">
            <LikeButton songId={song._id} title={song.title} />
            <AddToPlaylistPopup songId={song._id} />
            <SongMenuButton target={{ song }} />
          </div>
        )}
        <section aria-label="Player" className="flex w-full flex-col items-center gap-3">
          <SeekBar />
          <TransportControls />
          <div className="flex items-center gap-2">
            <VolumeControl />
            {song && <PanelButtons />}
          </div>
        </section>
      </div>
      <QueuePanel placement="fullscreen" />
      <ShortcutsHelp />
      <PlayerMenus />
    </main>
  );
}
