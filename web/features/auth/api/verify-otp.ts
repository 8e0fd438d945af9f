import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api.ts';

export function verifyOtp(input: { email: string; otp: string }): Promise<LoginResponse> {
  return api<LoginResponse>('/auth/verifyOTP', { method: 'POST', body: input });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
