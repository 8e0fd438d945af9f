import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api.ts';

export interface PasswordLogin {
  email: string;
  password: string;
  remember: boolean;
}

export function loginWithPass(input: PasswordLogin): Promise<LoginResponse> {
  return api<LoginResponse>('/auth/loginWithPass', { method: 'POST', body: input });
}

export function useLoginWithPass() {
  return useMutation({ mutationFn: loginWithPass });
}
