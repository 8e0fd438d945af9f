import { useMutation } from '@tanstack/react-query';
import type { CodeSentAnswer } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api.ts';

export function forgotPassword(email: string): Promise<CodeSentAnswer> {
  return api<CodeSentAnswer>('/auth/forgotPassword', { method: 'POST', body: { email } });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
