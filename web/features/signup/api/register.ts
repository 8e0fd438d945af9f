import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api.ts';
import type { SignupForm } from '../signup-store.ts';

/** POST /auth/register with the stored form data and the solved bot check. */
export function register(input: SignupForm & { altcha: string }): Promise<LoginResponse> {
  return api<LoginResponse>('/auth/register', { method: 'POST', body: input });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
