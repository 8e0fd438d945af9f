import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { UNPAGED_LIST_CAP } from '../../contract/admin.ts';

/** The page an admin list query asks for: `limit` items, or UNPAGED_LIST_CAP without one. */
export function adminListPage(query: { page?: number | undefined; limit?: number | undefined }) {
  const page = query.page ?? 1;
  const limit = query.limit ?? UNPAGED_LIST_CAP;
  return {
    page,
    limit,
    offset: (page - 1) * limit,
    /** Whether items are left past this page, of `total` in all. */
    hasMore: (total: number) => page * limit < total,
  };
}

/** How many items of a long list are read and presented at a time. */
export const LIST_CHUNK = 250;

/**
 * `limit` items from `offset`, read (and presented) by `read` LIST_CHUNK at a time, letting other
 * requests run between chunks. SQLite runs on the event loop and a request's queries follow
 * one another without a pause, so a list read whole would hold every other request (a health
 * check, an audio range) until it was done; in chunks they wait at most for one.
 */
export async function readInChunks<T>(
  offset: number,
  limit: number,
  read: (offset: number, limit: number) => Promise<T[]>,
): Promise<T[]> {
  const items: T[] = [];
  for (let done = 0; done < limit; done += LIST_CHUNK) {
    if (done > 0) await nextTurn();
    const chunk = await read(offset + done, Math.min(LIST_CHUNK, limit - done));
    for (const item of chunk) items.push(item);
    if (chunk.length < LIST_CHUNK) break;
  }
  return items;
}

/**
 * The JSON array of `items`, rendered by `render` LIST_CHUNK at a time with a turn of the event
 * loop between chunks, for the reason readInChunks gives: a list of the cap rendered at once holds
 * every other request for as long as that takes. Each chunk becomes bytes at once, so the whole
 * is one copy of them rather than a long string flattened in one go. `head` and `tail` are JSON
 * text around the array, for a list that is a field of an object.
 */
export async function renderInChunks<T>(
  items: readonly T[],
  render: (item: T) => string,
  around: { head: string; tail: string } = { head: '', tail: '' },
): Promise<Buffer> {
  const chunks: Buffer[] = [Buffer.from(`${around.head}[`)];
  for (let done = 0; done < items.length; done += LIST_CHUNK) {
    if (done > 0) await nextTurn();
    const rendered = items.slice(done, done + LIST_CHUNK).map(render);
    chunks.push(Buffer.from(`${done > 0 ? ',' : ''}${rendered.join(',')}`));
  }
  chunks.push(Buffer.from(`]${around.tail}`));
  return Buffer.concat(chunks);
}

/**
 * Sends JSON a route rendered itself (renderInChunks, or rendered ahead and cached): Fastify sends
 * a Buffer, or text it is told is JSON, as it is.
 */
export async function sendRenderedJson(reply: FastifyReply, json: Buffer | string): Promise<void> {
  await reply.type('application/json; charset=utf-8').send(json);
}
