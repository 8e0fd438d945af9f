import type { Db } from '../../db/database.ts';

/** The lookups and inserts the folder import needs beyond adding songs. */
export class FolderImportRepository {
  constructor(private readonly db: Db) {}

  async songWithAudio(key: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('songs')
      .select('id')
      .where('audio_key', '=', key)
      .executeTakeFirst();
    return row !== undefined;
  }

  async findArtist(name: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('artists')
      .select('id')
      .where((eb) => eb(eb.fn('casefold', ['name']), '=', name.toLowerCase()))
      .orderBy('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async createArtist(name: string, at: string): Promise<number> {
    const row = await this.db
      .insertInto('artists')
      .values({
        name,
        description: '',
        email: null,
        image_key: null,
        is_disabled: 0,
        verified: 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async findAlbum(
    artistId: number,
    title: string,
  ): Promise<{ id: number; cover: string | null } | null> {
    const row = await this.db
      .selectFrom('albums')
      .select(['id', 'cover_key'])
      .where('artist_id', '=', artistId)
      .where((eb) => eb(eb.fn('casefold', ['title']), '=', title.toLowerCase()))
      .orderBy('id')
      .executeTakeFirst();
    return row ? { id: row.id, cover: row.cover_key } : null;
  }

  async createAlbum(values: {
    title: string;
    artistId: number;
    coverKey: string | null;
    year: number | null;
    at: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('albums')
      .values({
        title: values.title,
        artist_id: values.artistId,
        cover_key: values.coverKey,
        year: values.year,
        created_at: values.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async setAlbumCover(id: number, coverKey: string): Promise<void> {
    await this.db.updateTable('albums').set({ cover_key: coverKey }).where('id', '=', id).execute();
  }
}
