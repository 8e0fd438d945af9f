import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from './api-app.ts';

export interface FilePart {
  filename: string;
  contentType?: string;
  data: Buffer;
}

/**
 * A multipart/form-data body for `app.inject`, built by hand so tests control every byte
 * (declared types that lie, empty files, missing parts).
 */
export function multipart(parts: Record<string, string | string[] | FilePart | undefined>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----chorus${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (typeof item === 'string') {
        chunks.push(
          Buffer.from(
            `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`,
          ),
        );
      } else {
        chunks.push(
          Buffer.from(
            `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${item.filename}"\r\ncontent-type: ${item.contentType ?? 'application/octet-stream'}\r\n\r\n`,
          ),
          item.data,
          Buffer.from('\r\n'),
        );
      }
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Every file under a folder (relative paths), for "nothing was left behind" checks. */
export function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}

/** A listener's `PUT /api/playlists/:id/cover` with a PNG, as the playlist page sends it. */
export function putPlaylistCover(
  app: { inject: TestApp['inject'] },
  token: string,
  playlistId: number,
  png: Buffer,
) {
  const form = multipart({ imageFile: { filename: 'c.png', contentType: 'image/png', data: png } });
  return app.inject({
    method: 'PUT',
    url: `/api/playlists/${playlistId}/cover`,
    headers: { authorization: `Bearer ${token}`, ...form.headers },
    payload: form.payload,
  });
}
