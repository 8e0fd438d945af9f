import { Pause, Play } from 'lucide-react';
import { Link } from 'react-router';
import type { Album, Artist, Song } from '../../../contract/catalog.ts';
import { useAlbums, useArtists, useSongs } from '../../lib/catalog-queries.ts';
import { useCurrentSong, usePlayer } from '../../player/player-store.ts';
import { CoverImage } from '../../ui/cover-image.tsx';

function Row({
  title,
  children,
  showAll,
}: {
  title: string;
  children: React.ReactNode;
  showAll?: string;
}) {
  return (
    <section className="px-6 py-4">
      <div className="mb-3 flex items-end justify-between">
        <h2 className="text-2xl font-bold">{title}</h2>
        {showAll && (
          <Link to={showAll} className="text-sm font-bold text-muted hover:underline">
            Show all
          </Link>
        )}
      </div>
      <div className="scrollbar-thin flex gap-4 overflow-x-auto pb-2">{children}</div>
    </section>
  );
}

function ArtistCard({ artist }: { artist: Artist }) {
  return (
    <Link
      to={`/viewArtistSongs/${artist._id}`}
      className="w-40 shrink-0 rounded-lg p-3 hover:bg-highlight"
    >
      <CoverImage
        src={artist.image}
        alt={artist.name}
        sizes="136px"
        fallback="/default-profile.svg"
        className="aspect-square w-full rounded-full object-cover"
      />
      <p className="mt-2 truncate font-semibold">{artist.name}</p>
      <p className="text-sm text-muted">Artist</p>
    </Link>
  );
}

function AlbumCard({ album }: { album: Album }) {
  return (
    <Link to={`/album/${album._id}`} className="w-40 shrink-0 rounded-lg p-3 hover:bg-highlight">
      <CoverImage
        src={album.coverImage}
        alt={album.title}
        sizes="136px"
        className="aspect-square w-full rounded object-cover"
      />
      <p className="mt-2 truncate font-semibold">{album.title}</p>
      <p className="truncate text-sm text-muted">
        {album.year ?? ''} · {album.artist.name}
      </p>
    </Link>
  );
}

function SongCard({ songs, index }: { songs: Song[]; index: number }) {
  const song = songs[index]!;
  const current = useCurrentSong();
  const isPlaying = usePlayer((state) => state.isPlaying);
  const toggleSong = usePlayer((state) => state.toggleSong);
  const playing = current?._id === song._id && isPlaying;
  return (
    <div className="group relative w-40 shrink-0 rounded-lg p-3 hover:bg-highlight">
      <CoverImage
        src={song.coverImage}
        alt=""
        sizes="136px"
        className="aspect-square w-full rounded object-cover"
      />
      <button
        type="button"
        aria-label={playing ? `Pause ${song.title}` : `Play ${song.title}`}
        onClick={() => toggleSong(songs, index)}
        className={`absolute top-28 right-5 grid size-12 place-items-center rounded-full bg-brand text-black shadow-lg transition group-hover:opacity-100 focus:opacity-100 ${playing ? 'opacity-100' : 'opacity-0'}`}
      >
        {playing ? <Pause className="size-5 fill-black" /> : <Play className="size-5 fill-black" />}
      </button>
      <p className="mt-2 truncate font-semibold">{song.title}</p>
      <p className="truncate text-sm text-muted">{song.artistName}</p>
    </div>
  );
}

function RowState({ loading, error, empty }: { loading: boolean; error: unknown; empty: boolean }) {
  if (loading) return <p className="text-muted">Loading…</p>;
  if (error) return <p className="text-red-400">Could not load this row.</p>;
  if (empty) return <p className="text-muted">Nothing here yet.</p>;
  return null;
}

/** Home (SPEC §2.4). */
export function HomePage() {
  const artists = useArtists(10);
  const songs = useSongs(10);
  const albums = useAlbums(6);
  const artistList = (artists.data?.items ?? []).filter((artist) => artist.name);
  const songList = (songs.data?.items ?? []).filter((song) => song.title);
  const artistRow = (
    <>
      <RowState loading={artists.isPending} error={artists.error} empty={artistList.length === 0} />
      {artistList.map((artist) => (
        <ArtistCard key={artist._id} artist={artist} />
      ))}
    </>
  );
  return (
    <div className="pb-8">
      <Row title="Popular artists" showAll="/AllArtist">
        {artistRow}
      </Row>
      <Row title="Popular albums and singles">
        <RowState
          loading={albums.isPending}
          error={albums.error}
          empty={(albums.data?.items.length ?? 0) === 0}
        />
        {albums.data?.items.map((album) => (
          <AlbumCard key={album._id} album={album} />
        ))}
      </Row>
      <Row title="Trending songs">
        <RowState loading={songs.isPending} error={songs.error} empty={songList.length === 0} />
        {songList.map((song, index) => (
          <SongCard key={song._id} songs={songList} index={index} />
        ))}
      </Row>
      <Row title="Popular artists" showAll="/AllArtist">
        {artistRow}
      </Row>
    </div>
  );
}
