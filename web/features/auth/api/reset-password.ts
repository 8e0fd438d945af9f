import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api.ts';

export function resetPassword(input: {
  email: string;
  otp: string;
  password: string;
  cpassword: string;
}): Promise<LoginResponse> {
  return api<LoginResponse>('/auth/resetPassword', { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
