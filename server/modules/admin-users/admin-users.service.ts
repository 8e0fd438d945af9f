import type { AdminUser, UserList, UserListQuery } from '../../../contract/admin.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { adminListPage, readInChunks } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import type { AdminUsersRepository, UserRecord } from './admin-users.repository.ts';

function presentAdminUser(row: UserRecord): AdminUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    isBlocked: row.is_blocked === 1,
    isPremium: row.is_premium === 1,
    createdAt: row.created_at,
  };
}

export class AdminUsersService {
  constructor(
    private readonly users: AdminUsersRepository,
    private readonly sessions: SessionsService,
  ) {}

  async list(query: UserListQuery): Promise<UserList> {
    const filter = {
      q: query.q?.trim() || null,
      status: query.status ?? 'all',
      plan: query.plan ?? 'all',
    };
    const { page, limit, offset, hasMore } = adminListPage(query);
    const [rows, total, stats] = await Promise.all([
      readInChunks(offset, limit, (from, count) => this.users.list(filter, from, count)),
      this.users.count(filter),
      this.users.stats(),
    ]);
    return {
      users: rows.map(presentAdminUser),
      total,
      page,
      limit,
      hasMore: hasMore(total),
      stats: {
        total: stats.total,
        active: stats.total - stats.blocked,
        blocked: stats.blocked,
        premium: stats.premium,
      },
    };
  }

  /** Blocking ends every session of the user at once, so an open tab is refused on its next call. */
  async setBlocked(actorId: number, userId: number, blocked: boolean): Promise<AdminUser> {
    if (blocked && actorId === userId) {
      throw badRequest('You cannot block your own account', 'isBlocked');
    }
    const row = await this.users.update(userId, { is_blocked: blocked ? 1 : 0 }, nowIso());
    if (!row) throw notFound('User not found');
    if (blocked) await this.sessions.revokeAllForUser(userId);
    return presentAdminUser(row);
  }

  async setPremium(userId: number, premium: boolean): Promise<AdminUser> {
    const row = await this.users.update(userId, { is_premium: premium ? 1 : 0 }, nowIso());
    if (!row) throw notFound('User not found');
    return presentAdminUser(row);
  }
}
