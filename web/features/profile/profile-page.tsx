import type { Song } from '../../../contract/catalog.ts';
import { countOf } from '../../../contract/rules/format.ts';
import { errorMessage } from '../../lib/api.ts';
import { useProfile } from '../../lib/library-queries.ts';
import { useSession } from '../../lib/session.ts';
import { useCurrentSong, usePlayer } from '../../player/player-store.ts';
import { SongMenuButton, useSongMenuGestures } from '../../player/song-menu-trigger.tsx';
import { CoverImage } from '../../ui/cover-image.tsx';
import { Link } from '../../ui/link.tsx';
import { RowPlayCell } from '../../ui/row-play-cell.tsx';
import { AppsPanel } from './apps-panel.tsx';

function SectionTitle({
  title,
  note,
  showAll,
}: {
  title: string;
  note?: string;
  showAll?: string;
}) {
  return (
    <div className="mb-3 flex items-end justify-between">
      <div>
        <h2 className="text-2xl font-bold">{title}</h2>
        {note && <p className="text-sm text-muted">{note}</p>}
      </div>
      {showAll && (
        <Link to={showAll} className="text-sm font-bold text-muted hover:underline">
          Show all
        </Link>
      )}
    </div>
  );
}

function TrackRow({ songs, index }: { songs: Song[]; index: number }) {
  const song = songs[index]!;
  const current = useCurrentSong();
  const isPlaying = usePlayer((state) => state.isPlaying);
  const toggleSong = usePlayer((state) => state.toggleSong);
  const playing = current?._id === song._id && isPlaying;
  const gestures = useSongMenuGestures();
  return (
    <li
      data-testid="top-track"
      {...gestures({ song })}
      className="group relative grid grid-cols-[1.5rem_minmax(0,1fr)_auto] items-center gap-3 rounded px-2 py-2 [-webkit-touch-callout:none] hover:bg-white/10 pointer-coarse:select-none md:grid-cols-[2rem_minmax(0,1fr)_4rem_auto] md:gap-4 md:px-4"
    >
      <RowPlayCell
        number={index + 1}
        title={song.title}
        current={current?._id === song._id}
        playing={playing}
        onToggle={() => toggleSong(songs, index)}
      />
      <span className="flex min-w-0 items-center gap-3">
        <CoverImage
          src={song.coverImage}
          alt=""
          sizes="40px"
          className="size-10 shrink-0 rounded object-cover"
        />
        <span className="min-w-0">
          <span
            className={`block truncate ${current?._id === song._id ? 'text-brand' : ''}`}
            data-testid="song-title"
          >
            {song.title}
          </span>
          <span className="block truncate text-sm text-muted">{song.artistName}</span>
        </span>
      </span>
      {/* Below 768 px a row is number, song and actions, as every song list is: the title needs the room. */}
      <span className="hidden text-right text-sm tabular-nums text-muted md:block">
        {song.duration}
      </span>
      {/* Positioned, so it sits above the row-wide play button of small screens. */}
      <span className="relative">
        <SongMenuButton target={{ song }} />
      </span>
    </li>
  );
}

/** /profile: the listener's own page. */
export function ProfilePage() {
  const { isAuth, user } = useSession();
  const profile = useProfile();
  if (!isAuth) {
    return (
      <div className="flex flex-col items-center gap-4 p-10 text-center">
        <h1 className="text-2xl font-bold">Profile</h1>
        <p className="text-muted">Log in to see your profile.</p>
        <Link to="/login" className="rounded-full bg-white px-6 py-2 font-bold text-black">
          Log in
        </Link>
      </div>
    );
  }
  if (profile.isPending) return <p className="p-8 text-center text-muted">Loading profile...</p>;
  if (profile.error || !profile.data) {
    return (
      <p className="p-8 text-center text-red-400">
        Error loading profile: {errorMessage(profile.error)}
      </p>
    );
  }
  const data = profile.data;
  const artists = data.topArtists.filter((artist) => artist.name).slice(0, 5);
  const tracks = data.topTracks.filter((song) => song.title).slice(0, 5);
  const count = data.publicPlaylistCount;
  return (
    <div className="pb-10">
      {/* On a phone the picture sits above the name, so a long name has the whole width. */}
      <header className="flex flex-col items-start gap-4 bg-gradient-to-b from-neutral-600/60 to-transparent px-6 pt-6 pb-8 sm:flex-row sm:items-end sm:gap-6">
        <div className="grid size-28 shrink-0 place-items-center rounded-full bg-brand text-5xl font-black text-black shadow-2xl sm:size-48 sm:text-6xl">
          {data.user.name.slice(0, 1).toUpperCase()}
        </div>
        <div className="w-full min-w-0">
          <p className="text-sm font-semibold">Profile</p>
          <h1 className="my-2 text-4xl font-black [overflow-wrap:anywhere] sm:truncate sm:text-7xl">
            {data.user.name}
          </h1>
          <p className="text-sm" data-testid="public-playlist-count">
            {countOf(count, 'Public Playlist')}
          </p>
        </div>
      </header>
      <section className="px-6 py-4">
        <SectionTitle
          title="Top artists this month"
          note="Only visible to you"
          showAll="/AllArtist"
        />
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {artists.map((artist) => (
            <Link
              key={artist._id}
              to={`/viewArtistSongs/${artist._id}`}
              data-testid="top-artist"
              className="rounded-lg p-3 hover:bg-highlight"
            >
              <CoverImage
                src={artist.image}
                alt={artist.name}
                sizes="160px"
                fallback="/default-profile.svg"
                className="aspect-square w-full rounded-full object-cover"
              />
              <p className="mt-2 truncate font-semibold">{artist.name}</p>
              <p className="text-sm text-muted">Artist</p>
            </Link>
          ))}
        </div>
      </section>
      <section className="px-6 py-4">
        <SectionTitle title="Top tracks this month" note="Only visible to you" />
        <ol aria-label="Top tracks this month">
          {tracks.map((song, index) => (
            <TrackRow key={song._id} songs={tracks} index={index} />
          ))}
        </ol>
      </section>
      <section className="px-6 py-4">
        <SectionTitle title="Public Playlists" />
        {data.publicPlaylists.length === 0 ? (
          <p className="text-muted">No public playlists yet.</p>
        ) : (
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {data.publicPlaylists.map((playlist) => (
              <Link
                key={playlist._id}
                to={`/viewPlaylist/${playlist._id}`}
                data-testid="public-playlist"
                className="rounded-lg p-3 hover:bg-highlight"
              >
                <CoverImage
                  src={playlist.coverImage ?? playlist.covers[0] ?? null}
                  alt=""
                  sizes="160px"
                  className="aspect-square w-full rounded object-cover"
                />
                <p className="mt-2 truncate font-semibold">{playlist.name}</p>
                <p className="truncate text-sm text-muted">By {playlist.creator.name}</p>
              </Link>
            ))}
          </div>
        )}
      </section>
      <AppsPanel email={user?.email ?? 'your e-mail address'} />
    </div>
  );
}
