import { Heart } from 'lucide-react';
import { countOf } from '../../../contract/rules/format.ts';
import { errorMessage } from '../../lib/api.ts';
import { useLikedSongs } from '../../lib/library-queries.ts';
import { useSession } from '../../lib/session.ts';
import { useCurrentSong, usePageList, usePlayer } from '../../player/player-store.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { HeroTitle } from '../../ui/hero-title.tsx';
import { Link } from '../../ui/link.tsx';
import { PagePlayButton } from '../../ui/page-play-button.tsx';
import { SongTable } from '../../ui/song-table.tsx';
import { StickyPlayHeader } from '../../ui/sticky-play-header.tsx';

const LIKED_SONGS = { name: 'Liked Songs', path: '/likedSongs' };

/** /likedSongs: the songs the listener hearted, newest first, playable as a queue. */
export function LikedSongsPage() {
  const { isAuth, user } = useSession();
  const liked = useLikedSongs();
  const current = useCurrentSong();
  const isPlaying = usePlayer((state) => state.isPlaying);
  const toggleSong = usePlayer((state) => state.toggleSong);
  const list = usePageList(LIKED_SONGS.path, LIKED_SONGS.name, liked.data?.items);

  if (!isAuth) {
    return (
      <div className="flex flex-col items-center gap-4 p-10 text-center">
        <h1 className="text-2xl font-bold">Liked Songs</h1>
        <p className="text-muted">Log in to see the songs you like.</p>
        <Link to="/login" className="rounded-full bg-white px-6 py-2 font-bold text-black">
          Log in
        </Link>
      </div>
    );
  }
  const songs = liked.data?.items ?? [];
  const count = songs.length;
  const first = songs[0];
  return (
    <div className="pb-10">
      <header className="flex items-end gap-6 bg-gradient-to-b from-indigo-800/80 to-transparent px-6 pt-6 pb-6">
        <div className="grid size-48 shrink-0 place-items-center rounded bg-gradient-to-br from-indigo-700 to-sky-300 shadow-2xl">
          <Heart className="size-16 fill-white" />
        </div>
        <div>
          <p className="text-sm font-semibold">Playlist</p>
          <HeroTitle>Liked Songs</HeroTitle>
          <p className="text-sm">
            <span className="font-bold">{user?.name}</span>
            <span className="text-muted" data-testid="liked-count">
              {' '}
              • {countOf(count, 'song')}
            </span>
          </p>
        </div>
      </header>
      <StickyPlayHeader
        title="Liked Songs"
        playing={list.playing}
        disabled={!first}
        onToggle={list.toggle}
      />
      <div className="px-6 pb-4">
        <PagePlayButton playing={list.playing} disabled={!first} onToggle={list.toggle} />
      </div>
      {liked.isPending && <p className="px-6 text-muted">Loading...</p>}
      {liked.error && (
        <p className="px-6 text-red-400">Error loading Liked Songs: {errorMessage(liked.error)}</p>
      )}
      {liked.data && count === 0 && (
        <EmptyState
          title="Songs you like will appear here"
          message="Save songs by tapping the heart icon."
        />
      )}
      {count > 0 && (
        <SongTable
          label="Liked Songs"
          songs={songs}
          currentId={current?._id ?? null}
          isPlaying={isPlaying}
          onToggle={(index) => toggleSong(songs, index, LIKED_SONGS)}
        />
      )}
    </div>
  );
}
