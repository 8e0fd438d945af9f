import { Type } from '@sinclair/typebox';
import { IMAGE_WIDTHS } from '../../../contract/rules/catalog.ts';
import type { App, Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { imageVariantKey } from '../../media/media-store.ts';

const ImageParams = Type.Object({
  hash: Type.String({ pattern: '^[a-f0-9]{64}$' }),
  file: Type.String({ pattern: '^\\d+\\.webp$' }),
});

export async function mediaRoutes(app: App, deps: Deps): Promise<void> {
  // Unreferenced media is collected while the server serves: at start (what a stop left
  // waiting, and once what was stored before collection existed), then every minute
  // (server/media/collector.ts).
  app.addHook('onListen', async () => {
    deps.mediaCollector.start((found) =>
      app.log.info({ found }, 'stored media listed once for collection'),
    );
  });
  app.addHook('onClose', () => deps.mediaCollector.stop());

  app.get(
    '/api/images/:hash/:file',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['media'],
        summary: 'A WebP variant of a stored image (widths 64, 300, 640)',
        params: ImageParams,
      },
    },
    async (request, reply) => {
      const width = Number.parseInt(request.params.file, 10);
      if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) {
        throw notFound(`Images come in widths ${IMAGE_WIDTHS.join(', ')}`);
      }
      const { hash } = request.params;
      // Content-addressed: the URL names the bytes, so caches may keep them for a year.
      return deps.mediaSender.send(request, reply, imageVariantKey(hash, width), {
        contentType: 'image/webp',
        etag: `"${hash}-${width}"`,
        cacheControl: 'public, max-age=31536000, immutable',
      });
    },
  );
}
