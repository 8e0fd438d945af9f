import { useMutation } from '@tanstack/react-query';
import type { CodeSentResponse } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api.ts';

export function sendOtp(email: string): Promise<CodeSentResponse> {
  return api<CodeSentResponse>('/auth/sendOTP', { method: 'POST', body: { email } });
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
