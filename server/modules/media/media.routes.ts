import { Type } from '@sinclair/typebox';
import { IMAGE_WIDTHS } from '../../../contract/rules/catalog.ts';
import type { App, Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { imageVariantKey } from '../../media/media-store.ts';
import { PLACEHOLDER_MAX_SIDE, placeholderSvg } from '../../media/placeholder.ts';

const ImageParams = Type.Object({
  hash: Type.String({ pattern: '^[a-f0-9]{64}$' }),
  file: Type.String({ pattern: '^\\d+\\.webp$' }),
});

const PlaceholderSide = Type.Integer({ minimum: 1, maximum: PLACEHOLDER_MAX_SIDE });
const PlaceholderParams = Type.Object({ width: PlaceholderSide, height: PlaceholderSide });

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

  app.get(
    '/api/placeholder/:width/:height',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['compat'],
        summary: 'A neutral cover image of the given size (SVG)',
        description:
          "The original client's empty playlists and image-less sidebar rows ask for one.",
        params: PlaceholderParams,
      },
    },
    async (request, reply) => {
      const { width, height } = request.params;
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(placeholderSvg(width, height));
    },
  );
}
