import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The OpenAPI document is generated from the route schemas, so it cannot drift from the code. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Chorus API',
          version: '1',
          description:
            'JSON API of Chorus. Errors are `{ "message": "…" }`. Authenticate with the session cookie (plus the X-XSRF-TOKEN header on unsafe requests) or `Authorization: Bearer <token>`.',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            cookie: { type: 'apiKey', in: 'cookie', name: 'chorus_session' },
          },
        },
      },
      // Each operation records who may call it, straight from the route's declared policy.
      transform: ({ schema, url, route }) => {
        const policy = route.config?.policy;
        const transformed = { ...(schema ?? {}) } as Record<string, unknown>;
        if (policy) {
          transformed['x-policy'] = policy;
          if (policy !== 'public') transformed.security = [{ bearer: [] }, { cookie: [] }];
        }
        return { schema: transformed, url };
      },
    });
  },
  { name: 'openapi' },
);
