import { ArrowLeft, Pause, Play, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { countOf } from '../../../contract/rules/format.ts';
import { errorMessage } from '../../lib/api.ts';
import { useBack } from '../../lib/go-back.ts';
import { useMoveSong, useRemoveSong } from '../../lib/library-queries.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryClient } from '../../lib/query-client.ts';
import { notify } from '../../lib/toast.ts';
import { listOnPage, useCurrentSong, usePlayer } from '../../player/player-store.ts';
import { PlaylistMenu } from '../../shell/library/playlist-menu.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { HeroTitle } from '../../ui/hero-title.tsx';
import { SongTable } from '../../ui/song-table.tsx';
import { StickyPlayHeader } from '../../ui/sticky-play-header.tsx';
import { prefetchPlaylistHead, usePlaylistPage } from './api/get-playlist.ts';
import { PlaylistCover } from './playlist-cover.tsx';

// The dialogs load when the menu first asks for one.
const EditPlaylistDialog = lazy(() =>
  import('../../shell/library/edit-playlist-dialog.tsx').then((m) => ({
    default: m.EditPlaylistDialog,
  })),
);
const DeletePlaylistDialog = lazy(() =>
  import('../../shell/library/delete-playlist-dialog.tsx').then((m) => ({
    default: m.DeletePlaylistDialog,
  })),
);

function BackButton() {
  const back = useBack();
  return (
    <button
      type="button"
      onClick={back}
      className="flex items-center gap-2 px-6 pt-2 text-sm font-bold text-muted hover:text-white"
    >
      <ArrowLeft className="size-4" /> Back
    </button>
  );
}

/** The router calls this once the page's code is here, before it renders: the data is asked for. */
export function prefetch(params: { id?: string }): Promise<void> {
  return prefetchPlaylistHead(queryClient, Number(params.id));
}

/** /viewPlaylist/{id}. */
export function PlaylistPage() {
  const params = useParams();
  const id = Number(params.id);
  const back = useBack();
  const playlist = usePlaylistPage(id);
  const remove = useRemoveSong(id);
  const move = useMoveSong(id);
  const current = useCurrentSong();
  const isPlaying = usePlayer((state) => state.isPlaying);
  const toggleSong = usePlayer((state) => state.toggleSong);
  const source = usePlayer((state) => state.source);
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  usePageTitle(playlist.data ? playlist.data.name || 'Untitled Playlist' : undefined);

  const notFound = <EmptyState title="No playlist found" home />;
  if (!Number.isInteger(id) || id < 1) return notFound;
  if (playlist.isPending) return <p className="p-8 text-center text-muted">Loading playlist...</p>;
  if (playlist.error) {
    const status = (playlist.error as { status?: number }).status;
    if (status === 404) return notFound;
    return (
      <div className="flex flex-col items-center gap-4 p-8 text-center">
        <p className="text-red-400">Error loading playlist: {errorMessage(playlist.error)}</p>
        <button
          type="button"
          onClick={back}
          className="rounded-full bg-white px-6 py-2 font-bold text-black"
        >
          Go Back
        </button>
      </div>
    );
  }
  const data = playlist.data;
  if (!data) return notFound;

  // The first songs, or all of them once they have arrived.
  const songs = data.songs;
  const listName = data.name || 'Untitled Playlist';
  const count = playlist.total;
  // The big button pauses and resumes when this playlist is what is playing.
  const playingThis =
    playlist.complete &&
    current !== null &&
    source.length === songs.length &&
    songs.some((song) => song._id === current._id) &&
    source.every((song, index) => song._id === songs[index]?._id);
  // Playing queues the whole playlist, waiting for the rest of it if need be.
  const play = (start: (all: typeof songs) => void) => {
    if (playlist.complete) return start(songs);
    playlist
      .allSongs()
      .then(start)
      .catch((error) => notify.error(errorMessage(error, 'Could not load the playlist')));
  };
  const togglePlay = () => {
    if (playingThis) usePlayer.getState().togglePlay();
    else play((all) => usePlayer.getState().playQueue(all, 0, listOnPage(listName)));
  };

  return (
    <div className="pb-10">
      <BackButton />
      <header className="flex flex-col gap-6 px-6 pt-4 pb-6 sm:flex-row sm:items-end">
        <PlaylistCover
          coverImage={data.coverImage}
          covers={data.covers}
          className="size-48 shrink-0 sm:size-56"
        />
        <div className="min-w-0">
          <p className="text-sm font-semibold">
            {data.isPublic ? 'Public Playlist' : 'Private Playlist'}
          </p>
          <HeroTitle>{data.name || 'Untitled Playlist'}</HeroTitle>
          {/* Written in a text box: its line breaks are the owner's. */}
          {data.description && (
            <p className="mb-2 whitespace-pre-line text-sm text-muted">{data.description}</p>
          )}
          <p className="text-sm">
            <span className="font-bold">{data.creator?.name || data.createdBy || 'Unknown'}</span>
            {data.saves > 0 && <span className="text-muted"> • {countOf(data.saves, 'save')}</span>}
            <span className="text-muted" data-testid="playlist-stats">
              {' '}
              • {countOf(count, 'song')}
              {count > 0 && `, ${data.duration}`}
            </span>
          </p>
        </div>
      </header>
      <StickyPlayHeader
        title={data.name || 'Untitled Playlist'}
        playing={playingThis && isPlaying}
        disabled={count === 0}
        onToggle={togglePlay}
      />
      <div className="flex items-center gap-6 px-6 pb-4">
        <button
          type="button"
          aria-label={playingThis && isPlaying ? 'Pause' : 'Play'}
          disabled={count === 0}
          onClick={togglePlay}
          className="grid size-14 place-items-center rounded-full bg-brand text-black shadow-lg hover:scale-105 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:scale-100"
        >
          {playingThis && isPlaying ? (
            <Pause className="size-6 fill-black" />
          ) : (
            <Play className="size-6 fill-black" />
          )}
        </button>
        {data.isOwner && (
          <PlaylistMenu
            placement="page"
            playlist={data}
            onEdit={() => setDialog('edit')}
            onDelete={() => setDialog('delete')}
          />
        )}
      </div>
      {dialog && (
        <Suspense fallback={null}>
          <EditPlaylistDialog
            playlist={dialog === 'edit' ? data : null}
            onClose={() => setDialog(null)}
          />
          <DeletePlaylistDialog
            playlist={dialog === 'delete' ? data : null}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {count === 0 ? (
        <EmptyState title="No songs in this playlist" message="Add some songs to get started!" />
      ) : (
        <SongTable
          label={listName}
          songs={songs}
          total={count}
          currentId={current?._id ?? null}
          isPlaying={isPlaying}
          onToggle={(index) => play((all) => toggleSong(all, index))}
          onMove={
            // Moves count places in the whole list, so they wait until all of it is here.
            data.isOwner && playlist.complete
              ? (songId, toIndex) =>
                  move.mutate(
                    { songId, toIndex },
                    {
                      onError: (error) =>
                        notify.error(errorMessage(error, 'Could not move the song')),
                    },
                  )
              : undefined
          }
          playlistId={data.isOwner ? id : undefined}
          renderActions={(song) =>
            data.isOwner && (
              <button
                type="button"
                aria-label={`Remove ${song.title} from this playlist`}
                title="Remove from this playlist"
                onClick={() =>
                  remove.mutate(song._id, {
                    onSuccess: () => notify.success('Removed from playlist'),
                    onError: (error) =>
                      notify.error(errorMessage(error, 'Failed to remove song from playlist')),
                  })
                }
                className="grid size-8 place-items-center rounded-full text-muted hover:text-white"
              >
                <Trash2 className="size-4" />
              </button>
            )
          }
        />
      )}
    </div>
  );
}
