import type { Artist, Song } from '../../../contract/catalog.ts';
import type { Profile } from '../../../contract/playlists.ts';
import { notFound } from '../../lib/errors.ts';
import { isoDaysAgo } from '../../lib/time.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { PlaylistsService } from '../playlists/playlists.service.ts';
import type { ProfileRepository } from './profile.repository.ts';

/** The profile shows 5 top artists and 5 top tracks. */
export const PROFILE_TOP = 5;
/** "This month": the listener's plays of the last 30 days. */
export const TOP_WINDOW_DAYS = 30;

/** Fills a ranking up to `limit` from a fallback list, skipping what it already holds. */
function topUp<T extends { id: number }>(ranked: T[], extra: T[], limit: number): T[] {
  const seen = new Set(ranked.map((row) => row.id));
  const result = [...ranked];
  for (const row of extra) {
    if (result.length >= limit) break;
    if (!seen.has(row.id)) {
      seen.add(row.id);
      result.push(row);
    }
  }
  return result;
}

export class ProfileService {
  constructor(
    private readonly profile: ProfileRepository,
    private readonly catalogRows: CatalogRepository,
    private readonly catalog: CatalogService,
    private readonly playlists: PlaylistsService,
  ) {}

  /**
   * The listener's own page. Tops come from their own plays of the last 30 days; until they
   * have any, from what everyone played (then the newest of the catalog), so the page is never
   * empty for a new listener.
   */
  async of(userId: number): Promise<Profile> {
    const name = await this.profile.userName(userId);
    if (name === null) throw notFound('User not found');
    const since = isoDaysAgo(TOP_WINDOW_DAYS);
    const [ownSongIds, ownArtistIds, publicPlaylists] = await Promise.all([
      this.profile.topSongIds(since, PROFILE_TOP, userId),
      this.profile.topArtistIds(since, PROFILE_TOP, userId),
      this.playlists.publicOf(userId, userId),
    ]);
    const fromPlays = ownSongIds.length > 0;
    let topTracks: Song[];
    let topArtists: Artist[];
    if (fromPlays) {
      topTracks = await this.catalog.presentSongs(await this.profile.songsByIds(ownSongIds));
      topArtists = await this.catalog.presentArtists(await this.profile.artistsByIds(ownArtistIds));
    } else {
      const [songIds, artistIds, newestSongs, newestArtists] = await Promise.all([
        this.profile.topSongIds(since, PROFILE_TOP),
        this.profile.topArtistIds(since, PROFILE_TOP),
        this.catalogRows.listSongs(0, PROFILE_TOP * 2),
        this.catalogRows.listArtists(0, PROFILE_TOP * 2),
      ]);
      const [popularSongs, popularArtists] = await Promise.all([
        this.profile.songsByIds(songIds),
        this.profile.artistsByIds(artistIds),
      ]);
      topTracks = await this.catalog.presentSongs(
        topUp(
          popularSongs,
          newestSongs.filter((song) => song.title),
          PROFILE_TOP,
        ),
      );
      topArtists = await this.catalog.presentArtists(
        topUp(
          popularArtists,
          newestArtists.filter((artist) => artist.name),
          PROFILE_TOP,
        ),
      );
    }
    return {
      user: { _id: userId, name },
      publicPlaylistCount: publicPlaylists.length,
      publicPlaylists,
      topArtists,
      topTracks,
      topSource: fromPlays ? 'plays' : 'catalog',
    };
  }

  async followedArtists(userId: number): Promise<{ items: Artist[] }> {
    return { items: await this.catalog.presentArtists(await this.profile.followedArtists(userId)) };
  }
}
