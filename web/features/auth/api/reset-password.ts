import { useMutation } from '@tanstack/react-query';
import type { LoginAnswer } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api.ts';

export function resetPassword(input: {
  email: string;
  otp: string;
  password: string;
  cpassword: string;
}): Promise<LoginAnswer> {
  return api<LoginAnswer>('/auth/resetPassword', { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
