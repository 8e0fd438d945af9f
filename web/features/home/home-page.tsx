import type { Song } from '../../../contract/catalog.ts';
import { useHomeFeed } from '../../lib/catalog-queries.ts';
import { listOnPage, usePlayer } from '../../player/player-store.ts';
import { AlbumCard, ArtistCard, CardRow, SongCard } from '../../ui/catalog-cards.tsx';

function RowState({ loading, error, empty }: { loading: boolean; error: unknown; empty: boolean }) {
  if (loading) return <p className="text-muted">Loading…</p>;
  if (error) return <p className="text-red-400">Could not load this row.</p>;
  if (empty) return <p className="text-muted">Nothing here yet.</p>;
  return null;
}

/** The row's title, and the name of the list its songs play from ("Next from: …"). */
const TRENDING_SONGS = 'Trending songs';

/**
 * Each card watches only whether its own song plays, so a click on Play re-renders two cards
 * rather than the whole page before the browser starts fetching the song.
 */
function TrendingSong({ songs, index }: { songs: Song[]; index: number }) {
  const song = songs[index]!;
  const playing = usePlayer(
    (state) => state.isPlaying && state.queue[state.index]?._id === song._id,
  );
  return (
    <SongCard
      song={song}
      playing={playing}
      onToggle={() => usePlayer.getState().toggleSong(songs, index, listOnPage(TRENDING_SONGS))}
    />
  );
}

/** Home: rows ordered by real listening; a play button starts at once. */
export function HomePage() {
  const feed = useHomeFeed();
  const artists = (feed.data?.popularArtists ?? []).filter((artist) => artist.name).slice(0, 10);
  const songs = (feed.data?.trendingSongs ?? []).filter((song) => song.title).slice(0, 10);
  const albums = (feed.data?.popularAlbums ?? []).slice(0, 6);
  const state = (empty: boolean) => (
    <RowState loading={feed.isPending} error={feed.error} empty={!feed.isPending && empty} />
  );
  const artistRow = (
    <>
      {state(artists.length === 0)}
      {artists.map((artist) => (
        <ArtistCard key={artist._id} artist={artist} />
      ))}
    </>
  );
  return (
    <div className="pb-8">
      <h1 className="sr-only">Home</h1>
      <CardRow title="Popular artists" showAll="/AllArtist">
        {artistRow}
      </CardRow>
      <CardRow title="Popular albums and singles">
        {state(albums.length === 0)}
        {albums.map((album) => (
          <AlbumCard key={album._id} album={album} />
        ))}
      </CardRow>
      <CardRow title={TRENDING_SONGS}>
        {state(songs.length === 0)}
        {songs.map((song, index) => (
          <TrendingSong key={song._id} songs={songs} index={index} />
        ))}
      </CardRow>
      <CardRow title="Popular artists" showAll="/AllArtist">
        {artistRow}
      </CardRow>
    </div>
  );
}
