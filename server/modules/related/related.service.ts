import type { Discography, MoreByArtist, RelatedArtists } from '../../../contract/listening.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import { type ByteBudget, COUNT_ENTRY_BYTES, ID_BYTES } from '../../lib/cache-budget.ts';
import { cacheOff } from '../../lib/caches-off.ts';
import { notFound } from '../../lib/errors.ts';
import { SharedWork } from '../../lib/shared-work.ts';
import { isoDaysAgo } from '../../lib/time.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ArtistScore, RelatedRepository } from './related.repository.ts';

/** Albums of this many listed songs or fewer are the artist's singles and EPs. */
export const SINGLE_MAX_SONGS = 3;
/** How many releases a discography lists. */
export const DISCOGRAPHY_LIMIT = 50;
/** How many artists "Fans also like" shows. */
export const RELATED_LIMIT = 8;
/** How many albums "More by" shows. */
export const MORE_BY_LIMIT = 12;
/** Co-listening looks at this many of the artist's most recent listeners, over this window. */
const FAN_SAMPLE = 500;
const LISTENING_WINDOW_DAYS = 90;
/**
 * How long an artist's "Fans also like" choice is reused: co-listening moves slowly, and reading
 * it walks the plays of a popular artist's listeners. The artists are presented fresh each time,
 * so one disabled since drops out at once.
 */
export const RELATED_CACHE_MS = 5 * 60_000;

/** Adds `rows`' scores into `scores`, keeping first-seen order for ties. */
function addScores(scores: Map<number, number>, rows: ArtistScore[]): void {
  for (const row of rows) scores.set(row.id, (scores.get(row.id) ?? 0) + Number(row.n));
}

/** What a cached choice of related artists takes: its record and its ids. */
export function relatedEntryBytes(entry: { at: number; ids: number[] }): number {
  return COUNT_ENTRY_BYTES + ID_BYTES * entry.ids.length;
}

/** A genre's enabled artists by their listed songs of it, most first, at a catalog version. */
interface GenreArtists {
  version: number;
  genre: string;
  ids: Int32Array;
  counts: Int32Array;
}

/**
 * What a genre's artists take beyond their ids, counts and name: the record, its two typed
 * arrays and the map's entry (the Subsonic id orders, one typed array each, are charged 256).
 */
const GENRE_ARTISTS_OVERHEAD_BYTES = 384;

const genreArtistsBytes = (entry: GenreArtists) =>
  GENRE_ARTISTS_OVERHEAD_BYTES +
  2 * entry.genre.length +
  entry.ids.byteLength +
  entry.counts.byteLength;

export class RelatedService {
  private readonly chosen: BoundedMap<number, { at: number; ids: number[] }>;
  /** Per genre, for the choices that fall back on genres: never stale (per catalog version). */
  private readonly genres: BoundedMap<string, GenreArtists>;
  private readonly genresBeingRead = new SharedWork<string, GenreArtists>();

  constructor(
    private readonly related: RelatedRepository,
    private readonly catalog: CatalogService,
    budget: ByteBudget,
    private readonly cacheMs = RELATED_CACHE_MS,
  ) {
    this.chosen = new BoundedMap(budget, relatedEntryBytes);
    this.genres = new BoundedMap(budget, genreArtistsBytes);
  }

  async discography(artistId: number): Promise<Discography> {
    if (!(await this.related.artistIsVisible(artistId))) throw notFound('Artist not found');
    const releases = await this.releasesOf(artistId, DISCOGRAPHY_LIMIT);
    return {
      albums: releases.filter((album) => album.songCount > SINGLE_MAX_SONGS),
      singles: releases.filter((album) => album.songCount <= SINGLE_MAX_SONGS),
    };
  }

  /**
   * Artists the listeners of this one also play or like, most shared listeners first; when
   * listening says too little, artists of the same genres fill the rest.
   */
  async fansAlsoLike(artistId: number, now = Date.now()): Promise<RelatedArtists> {
    if (!(await this.related.artistIsVisible(artistId))) throw notFound('Artist not found');
    return { artists: await this.catalog.artistsInOrder(await this.relatedIds(artistId, now)) };
  }

  /**
   * The ids of "Fans also like", best first, as chosen within the last RELATED_CACHE_MS: the
   * caller presents them, leaving out any artist disabled since.
   */
  async relatedIds(artistId: number, now = Date.now()): Promise<number[]> {
    const reuse = this.cacheMs > 0 && !cacheOff('fans-also-like');
    const cached = reuse ? this.chosen.get(artistId) : undefined;
    if (cached && now - cached.at < this.cacheMs) return cached.ids;
    const ids = await this.chooseRelated(artistId);
    if (reuse) this.chosen.set(artistId, { at: now, ids });
    return ids;
  }

  private async chooseRelated(artistId: number): Promise<number[]> {
    const since = isoDaysAgo(LISTENING_WINDOW_DAYS);
    const [played, liked] = await Promise.all([
      this.related.coListenedArtists(artistId, since, FAN_SAMPLE, RELATED_LIMIT),
      this.related.coLikedArtists(artistId, FAN_SAMPLE, RELATED_LIMIT),
    ]);
    const scores = new Map<number, number>();
    addScores(scores, played);
    addScores(scores, liked);
    const ids = [...scores.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .map(([id]) => id)
      .slice(0, RELATED_LIMIT);
    if (ids.length < RELATED_LIMIT) {
      for (const id of await this.sameGenreArtists(artistId, RELATED_LIMIT * 2)) {
        if (ids.length >= RELATED_LIMIT) break;
        if (!ids.includes(id)) ids.push(id);
      }
    }
    return ids;
  }

  /**
   * Up to `limit` other artists of the artist's genres, by how many listed songs they have in
   * them, most first (ties by id).
   */
  private async sameGenreArtists(artistId: number, limit: number): Promise<number[]> {
    const genres = await this.related.genresOfArtist(artistId);
    const version = await this.catalog.catalogVersion();
    const lists = await Promise.all(genres.map((genre) => this.artistsOfGenre(genre, version)));
    if (lists.length === 1) {
      // Already in order: the first of them but this artist.
      return Array.from(lists[0]!.ids.filter((id) => id !== artistId).subarray(0, limit));
    }
    const scores = new Map<number, number>();
    for (const { ids, counts } of lists) {
      ids.forEach((id, i) => {
        if (id !== artistId) scores.set(id, (scores.get(id) ?? 0) + counts[i]!);
      });
    }
    return [...scores]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([id]) => id);
  }

  /**
   * Every enabled artist of `genre` by its listed songs of it, as of catalog `version`: read once
   * per version and genre (a genre's songs are many, each read with its credits), however many
   * artists' choices it serves.
   */
  private async artistsOfGenre(genre: string, version: number): Promise<GenreArtists> {
    const held = this.genres.get(genre);
    if (held?.version === version) return held;
    // Requests missing the same genre at once share one read.
    return this.genresBeingRead.run(`${genre}@${version}`, async () => {
      const rows = await this.related.artistsOfGenre(genre);
      const entry: GenreArtists = {
        version,
        genre,
        ids: Int32Array.from(rows, (row) => row.id),
        counts: Int32Array.from(rows, (row) => Number(row.n)),
      };
      if (!cacheOff('fans-also-like')) this.genres.set(genre, entry);
      return entry;
    });
  }

  /** The other albums of this album's artist. */
  async moreBy(albumId: number): Promise<MoreByArtist> {
    const owner = await this.related.albumOwner(albumId);
    if (!owner) throw notFound('Album not found');
    const releases = await this.releasesOf(owner.artist_id, MORE_BY_LIMIT + 1);
    return {
      artist: { _id: owner.artist_id, name: owner.artist_name },
      albums: releases.filter((album) => album._id !== albumId).slice(0, MORE_BY_LIMIT),
    };
  }

  private async releasesOf(artistId: number, limit: number) {
    const rows = await this.related.albumsOfArtist(artistId, limit);
    return this.catalog.albumsInOrder(rows.map((row) => row.id));
  }
}
