import { api } from '../../../lib/api.ts';

/** POST /auth/checkEmail: 409 when the address has an account, 400 when it is not an address. */
export function checkEmail(email: string, altcha: string | null): Promise<{ message: string }> {
  return api<{ message: string }>('/auth/checkEmail', {
    method: 'POST',
    body: altcha ? { email, altcha } : { email },
  });
}
