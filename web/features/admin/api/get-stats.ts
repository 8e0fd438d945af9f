import { useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '../../../../contract/admin.ts';
import { api } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

export function useDashboardStats() {
  return useQuery({
    queryKey: adminKeys.stats(),
    queryFn: ({ signal }) => api<DashboardStats>('/admin/stats', { signal }),
  });
}
