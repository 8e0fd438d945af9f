import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { App, Deps } from '../../deps.ts';

export async function healthRoutes(app: App, deps: Deps): Promise<void> {
  app.get(
    '/api/health',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Ready when the database responds',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => {
      await sql`select 1`.execute(deps.db);
      return { status: 'ok' as const };
    },
  );
}
