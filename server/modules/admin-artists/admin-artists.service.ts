import type {
  AdminArtist,
  ArtistList,
  ArtistListQuery,
  OriginalClientAdminArtist,
} from '../../../contract/admin.ts';
import { isValidEmail, normalizeEmail } from '../../../contract/rules/email.ts';
import { characters } from '../../../contract/rules/text.ts';
import type { ArtistRow } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { adminListPage, readInChunks } from '../../lib/paging.ts';
import { isoDaysAgo, nowIso } from '../../lib/time.ts';
import { type MediaBatch, readImage, type StagedFile } from '../../media/upload.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { AdminArtistsRepository, ArtistFilter } from './admin-artists.repository.ts';

/** "Added recently" on the artists page means the last 30 days. */
export const RECENT_DAYS = 30;

export interface ArtistInput {
  name?: string | undefined;
  description?: string | undefined;
  email?: string | null | undefined;
}

/**
 * The artist form's fields named as the admin forms label them, in sentence case ('Artist Name'
 * reads 'Artist name'), so every message about one starts with the name the admin sees above it,
 * never the field's key.
 */
export const ARTIST_FIELD_LABELS = {
  name: 'Artist name',
  description: 'Description',
  email: 'Email',
} as const;
type ArtistField = keyof typeof ARTIST_FIELD_LABELS;
export const isArtistField = (key: string): key is ArtistField =>
  Object.hasOwn(ARTIST_FIELD_LABELS, key);

function requiredText(value: string | undefined, field: ArtistField, max: number) {
  const label = ARTIST_FIELD_LABELS[field];
  const text = value?.trim() ?? '';
  if (!text) throw badRequest(`${label} is required`, field);
  if (characters(text) > max) {
    throw badRequest(`${label} must be at most ${max} characters`, field);
  }
  return text;
}

/** The rules of an artist's name and description, the same on create and on update. */
const artistName = (value: string | undefined) => requiredText(value, 'name', 200);
const artistDescription = (value: string | undefined) => requiredText(value, 'description', 5000);

function optionalEmail(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const text = value?.trim() ?? '';
  if (!text) return null;
  if (!isValidEmail(text) || text.length > 320)
    throw badRequest('Please enter a valid email', 'email');
  return normalizeEmail(text);
}

/**
 * An artist as the original client's admin pages hold it: `_id` as text, as the edit page
 * compares it with the id in the URL and its store matches an update's `data._id` against the
 * `getAllArtist` list.
 */
export function adminArtistForOriginalClient(artist: AdminArtist): OriginalClientAdminArtist {
  return { ...artist, _id: String(artist._id) };
}

export class AdminArtistsService {
  constructor(
    private readonly artists: AdminArtistsRepository,
    private readonly catalog: CatalogService,
  ) {}

  private async present(rows: ArtistRow[], isAdmin: boolean): Promise<AdminArtist[]> {
    const [presented, counts] = await Promise.all([
      this.catalog.presentArtists(rows),
      this.artists.songCounts(rows.map((row) => row.id)),
    ]);
    return presented.map((artist, index) => {
      const row = rows[index]!;
      return {
        ...artist,
        email: isAdmin ? row.email : null,
        artworks: counts.get(row.id) ?? 0,
        updatedAt: row.updated_at,
      };
    });
  }

  /** `limit` artists from `offset`, presented, a chunk at a time. */
  private read(filter: ArtistFilter, offset: number, limit: number, isAdmin: boolean) {
    return readInChunks(offset, limit, async (from, count) =>
      this.present(await this.artists.list(filter, from, count), isAdmin),
    );
  }

  /**
   * The original client's list: everything for administrators, enabled artists for anyone else,
   * with ids as text (its edit page compares them with the id in the URL); UNPAGED_LIST_CAP at a
   * time, `page` asking for the next ones.
   */
  async allForOriginalClient(
    isAdmin: boolean,
    page: number,
  ): Promise<{ artists: OriginalClientAdminArtist[]; total: number; hasMore: boolean }> {
    const filter: ArtistFilter = { q: null, status: isAdmin ? 'all' : 'active' };
    const { offset, limit, hasMore } = adminListPage({ page });
    const [artists, total] = await Promise.all([
      this.read(filter, offset, limit, isAdmin),
      // Anyone else sees the enabled artists, whose count the catalog keeps.
      isAdmin ? this.artists.count(filter) : this.catalog.enabledArtistCount(),
    ]);
    return {
      artists: artists.map(adminArtistForOriginalClient),
      total,
      hasMore: hasMore(total),
    };
  }

  async list(query: ArtistListQuery): Promise<ArtistList> {
    const filter: ArtistFilter = { q: query.q?.trim() || null, status: query.status ?? 'all' };
    const { page, limit, offset, hasMore } = adminListPage(query);
    const [items, total, stats] = await Promise.all([
      this.read(filter, offset, limit, true),
      this.artists.count(filter),
      this.artists.stats(isoDaysAgo(RECENT_DAYS)),
    ]);
    return {
      items,
      total,
      page,
      limit,
      hasMore: hasMore(total),
      stats,
    };
  }

  async get(id: number): Promise<AdminArtist> {
    const row = await this.artists.find(id);
    if (!row) throw notFound('Artist not found');
    return (await this.present([row], true))[0]!;
  }

  async create(
    batch: MediaBatch,
    input: ArtistInput,
    image: StagedFile | undefined,
  ): Promise<AdminArtist> {
    const name = artistName(input.name);
    const description = artistDescription(input.description);
    const email = optionalEmail(input.email) ?? null;
    if (!image) throw badRequest('Please select an image file', 'imageFile');
    const imageKey = await batch.storeImage(await readImage(image, 'imageFile'));
    const id = await this.artists.insert({ name, description, email, imageKey, at: nowIso() });
    return this.get(id);
  }

  async update(
    batch: MediaBatch,
    id: number,
    input: ArtistInput,
    image: StagedFile | undefined,
  ): Promise<AdminArtist> {
    const existing = await this.artists.find(id);
    if (!existing) throw notFound('Artist not found');
    const changes: Partial<Pick<ArtistRow, 'name' | 'description' | 'email' | 'image_key'>> = {};
    if (input.name !== undefined) changes.name = artistName(input.name);
    if (input.description !== undefined) changes.description = artistDescription(input.description);
    const email = optionalEmail(input.email);
    if (email !== undefined) changes.email = email;
    // The old image stays: images are shared by content hash and may be in use elsewhere.
    if (image) changes.image_key = await batch.storeImage(await readImage(image, 'imageFile'));
    await this.artists.update(id, changes, nowIso());
    return this.get(id);
  }

  /** Sets the flag, or flips it when no value is given. */
  async setDisabled(id: number, disabled: boolean | undefined): Promise<AdminArtist> {
    const existing = await this.artists.find(id);
    if (!existing) throw notFound('Artist not found');
    const next = disabled ?? existing.is_disabled === 0;
    await this.artists.update(id, { is_disabled: next ? 1 : 0 }, nowIso());
    return this.get(id);
  }
}
