import { useMutation } from '@tanstack/react-query';
import type { CodeSentAnswer } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api.ts';

export function sendOtp(email: string): Promise<CodeSentAnswer> {
  return api<CodeSentAnswer>('/auth/sendOTP', { method: 'POST', body: { email } });
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
