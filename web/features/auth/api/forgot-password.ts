import { useMutation } from '@tanstack/react-query';
import type { CodeSentResponse } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api.ts';

export function forgotPassword(email: string): Promise<CodeSentResponse> {
  return api<CodeSentResponse>('/auth/forgotPassword', { method: 'POST', body: { email } });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
