import { useMutation } from '@tanstack/react-query';
import type { LoginAnswer } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api.ts';

export function verifyOtp(input: { email: string; otp: string }): Promise<LoginAnswer> {
  return api<LoginAnswer>('/auth/verifyOTP', { method: 'POST', body: input });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
