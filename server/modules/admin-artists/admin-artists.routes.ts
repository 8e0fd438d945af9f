import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import {
  AdminArtist,
  ArtistList,
  ArtistListQuery,
  OriginalClientAdminArtist,
  OriginalClientListQuery,
  UNPAGED_LIST_CAP,
} from '../../../contract/admin.ts';
import { IdParams } from '../../../contract/common.ts';
import type { App, Deps } from '../../deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { renderInChunks, sendRenderedJson } from '../../lib/paging.ts';
import type { SharedResponse } from '../../lib/shared-responses.ts';
import {
  type MediaBatch,
  MULTIPART_OPTIONS,
  optionalFlag,
  receiveForm,
  withMediaBatch,
} from '../../media/upload.ts';
import { jsonRenderer } from '../../plugins/validation.ts';
import { AdminArtistsRepository } from './admin-artists.repository.ts';
import {
  type AdminArtistsService,
  ARTIST_FIELD_LABELS,
  adminArtistForOriginalClient,
  isArtistField,
  AdminArtistsService as Service,
} from './admin-artists.service.ts';

const renderOriginalClientArtist =
  jsonRenderer<OriginalClientAdminArtist>(OriginalClientAdminArtist);

const ArtistResponse = Type.Object({ message: Type.String(), artist: AdminArtist });
/** The original client's edit page swaps `data` into its `getAllArtist` list by `_id`, as text. */
const UpdatedResponse = Type.Object({ message: Type.String(), data: OriginalClientAdminArtist });

/** Text fields of a JSON body; anything that is not text is refused rather than guessed at. */
function jsonFields(body: unknown): Record<string, string | null> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw badRequest('The body must be an object');
  const out: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(body)) {
    if (!isArtistField(key)) continue;
    if (value !== null && typeof value !== 'string') {
      throw badRequest(`${ARTIST_FIELD_LABELS[key]} must be text`, key);
    }
    out[key] = value;
  }
  return out;
}

/** An artist form, multipart (with an image) or JSON (text only). */
async function readArtistForm(request: FastifyRequest, batch: MediaBatch) {
  if (request.isMultipart()) {
    const form = await receiveForm(request, batch, { imageFile: { kind: 'image' } });
    return {
      input: {
        name: form.fields.name,
        description: form.fields.description,
        email: form.fields.email,
      },
      image: form.files.imageFile,
    };
  }
  const fields = jsonFields(request.body);
  return {
    input: {
      name: fields.name ?? undefined,
      description: fields.description ?? undefined,
      email: 'email' in fields ? fields.email : undefined,
    },
    image: undefined,
  };
}

export async function adminArtistsRoutes(app: App, deps: Deps): Promise<void> {
  const service: AdminArtistsService = new Service(
    new AdminArtistsRepository(deps.db, deps.dialect),
    deps.services.catalog,
  );

  app.get(
    '/api/admin/getAllArtist',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['compat'],
        summary: 'Every artist for administrators; enabled artists (no e-mails) for anyone else',
        description: `A bare array in the original client's shape: \`_id\` is text, as its edit page compares it with the id in the URL. At most ${UNPAGED_LIST_CAP} artists per response: \`X-Total-Count\` gives how many there are, and a \`Link\` header with \`rel="next"\` the address of the next ones (\`?page=2\`…). Chorus itself calls GET /api/admin/artists.`,
        querystring: OriginalClientListQuery,
        response: { 200: Type.Array(OriginalClientAdminArtist) },
      },
    },
    async (request, reply) => {
      const page = request.query.page ?? 1;
      const isAdmin = request.caller?.role === 'admin';
      const render = async (): Promise<SharedResponse> => {
        const { artists, total, hasMore } = await service.allForOriginalClient(isAdmin, page);
        const link = `</api/admin/getAllArtist?page=${page + 1}>; rel="next"`;
        return {
          body: await renderInChunks(artists, renderOriginalClientArtist),
          headers: { 'x-total-count': total, ...(hasMore ? { link } : {}) },
        };
      };
      // Administrators see e-mails and disabled artists; everyone else gets one shared list.
      const response = isAdmin
        ? await render()
        : await deps.services.publicLists.get(
            `getAllArtist page ${page}`,
            await deps.services.catalog.catalogVersion(),
            render,
          );
      reply.headers(response.headers);
      await sendRenderedJson(reply, response.body);
    },
  );

  app.get(
    '/api/admin/artists',
    {
      config: { policy: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Artists, searchable by name or e-mail and filtered by status, with counts',
        querystring: ArtistListQuery,
        response: { 200: ArtistList },
      },
    },
    (request) => service.list(request.query),
  );

  app.get(
    '/api/admin/artists/:id',
    {
      config: { policy: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'One artist, disabled or not',
        params: IdParams,
        response: { 200: Type.Object({ data: AdminArtist }) },
      },
    },
    async (request) => ({ data: await service.get(request.params.id) }),
  );

  app.patch(
    '/api/admin/toggleDisableArtist/:id',
    {
      config: { policy: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Disable an artist (it and its songs vanish for listeners) or enable it again',
        params: IdParams,
        response: { 200: ArtistResponse },
      },
    },
    async (request) => {
      const artist = await service.setDisabled(
        request.params.id,
        optionalFlag(request.body, 'isDisabled'),
      );
      return { message: artist.isDisabled ? 'Artist disabled' : 'Artist enabled', artist };
    },
  );

  // Uploads: multipart is parsed only by the routes that take files.
  await app.register(async (uploads: App) => {
    await uploads.register(multipart, MULTIPART_OPTIONS);

    uploads.post(
      '/api/admin/addArtist',
      {
        config: { policy: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Create an artist (multipart: name, description, imageFile, optional email)',
          consumes: ['multipart/form-data'],
          response: { 201: ArtistResponse },
        },
      },
      async (request, reply) => {
        const artist = await withMediaBatch(deps.media, deps.mediaCollector, async (batch) => {
          const form = await receiveForm(request, batch, { imageFile: { kind: 'image' } });
          return service.create(
            batch,
            {
              name: form.fields.name,
              description: form.fields.description,
              email: form.fields.email,
            },
            form.files.imageFile,
          );
        });
        reply.status(201);
        return { message: 'Artist created successfully!', artist };
      },
    );

    uploads.patch(
      '/api/admin/updatedArtist/:id',
      {
        config: { policy: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Update an artist: multipart (name, imageFile…) or JSON (name…)',
          consumes: ['multipart/form-data', 'application/json'],
          params: IdParams,
          response: { 200: UpdatedResponse },
        },
      },
      async (request) => {
        const data = await withMediaBatch(deps.media, deps.mediaCollector, async (batch) => {
          const { input, image } = await readArtistForm(request, batch);
          return service.update(batch, request.params.id, input, image);
        });
        return {
          message: 'Artist updated successfully!',
          data: adminArtistForOriginalClient(data),
        };
      },
    );
  });
}
