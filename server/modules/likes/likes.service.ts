import type { Song } from '../../../contract/catalog.ts';
import { notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { LikesRepository } from './likes.repository.ts';

/** Liked Songs: a private list per listener; liking twice is the same as liking once. */
export class LikesService {
  constructor(
    private readonly likes: LikesRepository,
    private readonly catalogRows: CatalogRepository,
    private readonly catalog: CatalogService,
  ) {}

  async like(userId: number, songId: number): Promise<{ songId: number; liked: boolean }> {
    if (!(await this.catalogRows.findListedSong(songId))) throw notFound('Song not found');
    await this.likes.like(userId, songId, nowIso());
    return { songId, liked: true };
  }

  /** Unliking works even for a song that has since been hidden, so it can leave the list. */
  async unlike(userId: number, songId: number): Promise<{ songId: number; liked: boolean }> {
    await this.likes.unlike(userId, songId);
    return { songId, liked: false };
  }

  async songs(userId: number): Promise<{ items: Song[]; total: number }> {
    const items = await this.catalog.presentSongs(await this.likes.songs(userId));
    return { items, total: items.length };
  }

  async ids(userId: number): Promise<{ ids: number[] }> {
    return { ids: await this.likes.ids(userId) };
  }
}
