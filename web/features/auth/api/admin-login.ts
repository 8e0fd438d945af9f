import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api.ts';
import type { PasswordLogin } from './login-with-pass.ts';

export function adminLogin(input: PasswordLogin): Promise<LoginResponse> {
  return api<LoginResponse>('/admin/adminLogin', { method: 'POST', body: input });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
