import type { AdminUser } from '../../../../contract/admin.ts';
import { api } from '../../../lib/api.ts';

export function toggleBlockUser(id: number, isBlocked: boolean) {
  return api<{ message: string; data: AdminUser }>(`/admin/toggleBlockUser/${id}`, {
    method: 'PATCH',
    body: { isBlocked },
  });
}

export function setUserPlan(id: number, isPremium: boolean) {
  return api<{ message: string; data: AdminUser }>(`/admin/users/${id}/plan`, {
    method: 'PATCH',
    body: { isPremium },
  });
}
