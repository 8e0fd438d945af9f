import { useLocation, useParams } from 'react-router';
import { formatTotalDuration } from '../../../contract/rules/format.ts';
import { useAlbumDetail } from '../../lib/catalog-queries.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useCurrentSong, usePageList, usePlayer } from '../../player/player-store.ts';
import { AlbumCard, CardRow } from '../../ui/catalog-cards.tsx';
import { CoverImage } from '../../ui/cover-image.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { HeroTitle } from '../../ui/hero-title.tsx';
import { Link } from '../../ui/link.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PagePlayButton } from '../../ui/page-play-button.tsx';
import { SongTable } from '../../ui/song-table.tsx';
import { StickyPlayHeader } from '../../ui/sticky-play-header.tsx';
import { useMoreBy } from './api/get-more-by.ts';

/** An album with its songs in track order (opened from 'Popular albums and singles'). */
export function AlbumPage() {
  const id = Number(useParams().id);
  const query = useAlbumDetail(id);
  const current = useCurrentSong();
  const isPlaying = usePlayer((state) => state.isPlaying);
  const toggleSong = usePlayer((state) => state.toggleSong);
  const list = usePageList(useLocation().pathname, query.data?.title ?? '', query.data?.songs);
  usePageTitle(query.data?.title);

  if (query.isPending && Number.isInteger(id) && id > 0) {
    return <p className="p-8 text-muted">Loading album...</p>;
  }
  if (query.isError && (query.error as { status?: number }).status !== 404) {
    return <LoadError title="Error loading album" load={query} heading="h1" className="p-8" />;
  }
  const album = query.data;
  if (!album) return <EmptyState title="No album found" home />;
  const songs = album.songs;
  return (
    <div className="pb-8">
      <header className="flex flex-col items-center gap-4 bg-gradient-to-b from-[#535353] to-transparent px-4 pt-6 pb-6 text-center sm:flex-row sm:items-end sm:px-6 sm:text-left">
        <CoverImage
          src={album.coverImage}
          alt={`Cover of ${album.title}`}
          sizes="(max-width: 640px) 192px, 232px"
          loading="eager"
          className="size-48 shrink-0 rounded object-cover shadow-2xl sm:size-56"
        />
        <div className="min-w-0">
          <p className="text-sm">Album</p>
          <HeroTitle>{album.title}</HeroTitle>
          <p className="text-sm">
            <Link to={`/viewArtistSongs/${album.artist._id}`} className="font-bold hover:underline">
              {album.artist.name}
            </Link>
            {album.year ? ` · ${album.year}` : ''} · {songs.length}{' '}
            {songs.length === 1 ? 'song' : 'songs'}, {formatTotalDuration(album.totalSeconds)}
          </p>
        </div>
      </header>
      <StickyPlayHeader
        title={album.title}
        playing={list.playing}
        disabled={songs.length === 0}
        onToggle={list.toggle}
      />
      <div className="px-4 py-4 sm:px-6">
        <PagePlayButton
          name={album.title}
          playing={list.playing}
          disabled={songs.length === 0}
          onToggle={list.toggle}
        />
      </div>
      {songs.length === 0 ? (
        <p className="px-4 text-muted sm:px-6">No songs in this album</p>
      ) : (
        <SongTable
          label={`Songs of ${album.title}`}
          queueName={album.title}
          songs={songs}
          currentId={current?._id ?? null}
          isPlaying={isPlaying}
          onToggle={(index) => toggleSong(songs, index)}
          albumColumn={false}
        />
      )}
      <MoreBy albumId={album._id} />
    </div>
  );
}

/** The same artist's other albums, under this one. */
function MoreBy({ albumId }: { albumId: number }) {
  const more = useMoreBy(albumId);
  if (!more.data || more.data.albums.length === 0) return null;
  return (
    <div className="pt-6">
      <CardRow
        title={`More by ${more.data.artist.name}`}
        showAll={`/viewArtistSongs/${more.data.artist._id}`}
      >
        {more.data.albums.map((album) => (
          <AlbumCard key={album._id} album={album} />
        ))}
      </CardRow>
    </div>
  );
}
