import { DashboardStats } from '../../../contract/admin.ts';
import type { App, Deps } from '../../deps.ts';
import { AdminDashboardRepository } from './admin-dashboard.repository.ts';
import { AdminDashboardService } from './admin-dashboard.service.ts';

export async function adminDashboardRoutes(app: App, deps: Deps): Promise<void> {
  const service = new AdminDashboardService(new AdminDashboardRepository(deps.db));
  app.get(
    '/api/admin/stats',
    {
      config: { policy: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Dashboard figures: accounts, plays (last 30 days against the 30 before), catalog',
        response: { 200: DashboardStats },
      },
    },
    () => service.stats(),
  );
}
