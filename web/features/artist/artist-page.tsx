import { BadgeCheck, Download, Share2 } from 'lucide-react';
import { useLocation, useParams } from 'react-router';
import { countOf } from '../../../contract/rules/format.ts';
import { useArtistDetail } from '../../lib/catalog-queries.ts';
import { copyText } from '../../lib/clipboard.ts';
import { useFollowArtist } from '../../lib/follow-artist.ts';
import { promptLogin } from '../../lib/login-prompt.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../../lib/session.ts';
import { notify } from '../../lib/toast.ts';
import { useCurrentSong, usePageList, usePlayer } from '../../player/player-store.ts';
import { CoverImage } from '../../ui/cover-image.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { HeroTitle } from '../../ui/hero-title.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PagePlayButton } from '../../ui/page-play-button.tsx';
import { SongTable } from '../../ui/song-table.tsx';
import { StickyPlayHeader } from '../../ui/sticky-play-header.tsx';
import { DiscographySection, FansAlsoLikeSection } from './artist-depth.tsx';

async function copyLink(): Promise<void> {
  if (await copyText(window.location.href)) notify.success('Link copied to clipboard');
  else notify.error('Could not copy the link');
}

/** The artist page. */
export function ArtistPage() {
  const id = Number(useParams().id);
  const query = useArtistDetail(id);
  const { isAuth } = useSession();
  const follow = useFollowArtist(id);
  const current = useCurrentSong();
  const isPlaying = usePlayer((state) => state.isPlaying);
  const toggleSong = usePlayer((state) => state.toggleSong);
  const list = usePageList(useLocation().pathname, query.data?.name ?? '', query.data?.songs);
  usePageTitle(query.data?.name);

  if (query.isPending && Number.isInteger(id) && id > 0) {
    return <p className="p-8 text-muted">Loading artist data...</p>;
  }
  if (query.isError) {
    const notFound = (query.error as { status?: number }).status === 404;
    if (!notFound) {
      return (
        <LoadError title="Error loading artist data" load={query} heading="h1" className="p-8" />
      );
    }
  }
  const artist = query.data;
  if (!artist) return <EmptyState title="No artist data found" home />;

  const songs = artist.songs;

  return (
    <div className="pb-8">
      <header className="flex flex-col items-center gap-4 bg-gradient-to-b from-[#535353] to-transparent px-4 pt-6 pb-6 text-center sm:flex-row sm:items-end sm:px-6 sm:text-left">
        <CoverImage
          src={artist.image}
          alt={artist.name}
          sizes="(max-width: 640px) 160px, 232px"
          fallback="/default-profile.svg"
          loading="eager"
          className="size-40 shrink-0 rounded-full object-cover shadow-2xl sm:size-56"
        />
        <div className="min-w-0">
          {artist.verified && (
            <p className="flex items-center justify-center gap-1 text-sm sm:justify-start">
              <BadgeCheck className="size-6 fill-sky-500 text-white" aria-hidden />
              Verified Artist
            </p>
          )}
          <HeroTitle>{artist.name}</HeroTitle>
          <p className="text-sm" data-testid="artist-stats">
            {countOf(artist.monthlyListeners, 'monthly listener')} ·{' '}
            {countOf(artist.followers, 'follower')}
          </p>
        </div>
      </header>
      <StickyPlayHeader
        title={artist.name}
        playing={list.playing}
        disabled={songs.length === 0}
        onToggle={list.toggle}
      />

      {/* On a phone Download and Share are icons (their names stay for screen readers), so the
          actions keep to one line. */}
      <div className="flex flex-wrap items-center gap-3 px-4 py-4 sm:px-6">
        <PagePlayButton
          name={artist.name}
          playing={list.playing}
          disabled={songs.length === 0}
          onToggle={list.toggle}
        />
        <button
          type="button"
          aria-pressed={artist.following}
          onClick={() =>
            isAuth ? follow.mutate(!artist.following) : promptLogin('follow artists')
          }
          className="rounded-full border border-white/50 px-4 py-1.5 text-sm font-bold hover:border-white"
        >
          {artist.following ? 'Following' : 'Follow'}
        </button>
        <button
          type="button"
          onClick={() => notify.info('Downloads for offline listening are not available yet')}
          className="flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-bold text-muted hover:text-white"
        >
          <Download className="size-5" aria-hidden />
          <span className="max-sm:sr-only">Download</span>
        </button>
        <button
          type="button"
          onClick={copyLink}
          className="flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-bold text-muted hover:text-white"
        >
          <Share2 className="size-5" aria-hidden />
          <span className="max-sm:sr-only">Share</span>
        </button>
      </div>

      <section>
        <h2 className="px-4 pb-2 text-2xl font-bold sm:px-6">Popular</h2>
        {songs.length === 0 ? (
          <p className="px-4 text-muted sm:px-6">No songs found for this artist</p>
        ) : (
          <SongTable
            label={`Popular songs by ${artist.name}`}
            queueName={artist.name}
            songs={songs}
            currentId={current?._id ?? null}
            isPlaying={isPlaying}
            onToggle={(index) => toggleSong(songs, index)}
          />
        )}
      </section>
      <DiscographySection artistId={artist._id} />
      <FansAlsoLikeSection artistId={artist._id} />
      {artist.description && (
        <section className="px-4 pt-8 sm:px-6">
          <h2 className="pb-2 text-2xl font-bold">About</h2>
          {/* Written in a text box: its line breaks are the writer's paragraphs. */}
          <p className="max-w-2xl whitespace-pre-line text-muted">{artist.description}</p>
        </section>
      )}
    </div>
  );
}
