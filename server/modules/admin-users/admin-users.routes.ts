import {
  BlockBody,
  PlanBody,
  UNPAGED_LIST_CAP,
  UserList,
  UserListQuery,
  UserResponse,
} from '../../../contract/admin.ts';
import { IdParams } from '../../../contract/common.ts';
import type { App, Deps } from '../../deps.ts';
import { requireCaller } from '../../plugins/policies.ts';
import { AdminUsersRepository } from './admin-users.repository.ts';
import { AdminUsersService } from './admin-users.service.ts';

export async function adminUsersRoutes(app: App, deps: Deps): Promise<void> {
  const service = new AdminUsersService(new AdminUsersRepository(deps.db), deps.sessions);

  app.get(
    '/api/admin/getAllUser',
    {
      config: { policy: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Listener accounts, searchable by name or e-mail and filtered by status and plan',
        description: `Administrators are not listed (the original client lists listeners only). Without \`limit\` every matching account is returned (the original client expects the whole list), up to ${UNPAGED_LIST_CAP}: \`total\` and \`hasMore\` tell whether there are more, and \`page\` (2, 3…) asks for them.`,
        querystring: UserListQuery,
        response: { 200: UserList },
      },
    },
    (request) => service.list(request.query),
  );

  app.patch(
    '/api/admin/toggleBlockUser/:id',
    {
      config: { policy: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Block or unblock an account; blocking ends all its sessions at once',
        params: IdParams,
        body: BlockBody,
        response: { 200: UserResponse },
      },
    },
    async (request) => {
      const user = await service.setBlocked(
        requireCaller(request).userId,
        request.params.id,
        request.body.isBlocked,
      );
      return { message: user.isBlocked ? 'User blocked' : 'User unblocked', data: user };
    },
  );

  app.patch(
    '/api/admin/users/:id/plan',
    {
      config: { policy: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Switch an account between the Free and Premium plans',
        params: IdParams,
        body: PlanBody,
        response: { 200: UserResponse },
      },
    },
    async (request) => {
      const user = await service.setPremium(request.params.id, request.body.isPremium);
      return { message: user.isPremium ? 'Plan set to Premium' : 'Plan set to Free', data: user };
    },
  );
}
