import { useMutation } from '@tanstack/react-query';
import type { LoginAnswer } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api.ts';
import type { PasswordLogin } from './login-with-pass.ts';

export function adminLogin(input: PasswordLogin): Promise<LoginAnswer> {
  return api<LoginAnswer>('/admin/adminLogin', { method: 'POST', body: input });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
