import type { BotChallenge } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api.ts';

export function fetchChallenge(): Promise<BotChallenge> {
  return api<BotChallenge>('/auth/challenge');
}
