import { encodeSolution, solveChallenge } from '../../../contract/rules/bot-check.ts';
import { fetchChallenge } from './api/challenge.ts';

/** Fetches a challenge and solves it: in a worker when possible, else in an async loop. */
export async function solveBotCheck(): Promise<string> {
  const challenge = await fetchChallenge();
  if (typeof Worker !== 'undefined') {
    try {
      return await new Promise<string>((resolve, reject) => {
        const worker = new Worker(new URL('./bot-check.worker.ts', import.meta.url), {
          type: 'module',
        });
        worker.onmessage = (event: MessageEvent<string | null>) => {
          worker.terminate();
          if (event.data) resolve(event.data);
          else reject(new Error('The bot check could not be solved'));
        };
        worker.onerror = (event) => {
          worker.terminate();
          reject(new Error(event.message || 'worker failed'));
        };
        worker.postMessage(challenge);
      });
    } catch (error) {
      console.warn('bot check worker failed, solving on the page', error);
    }
  }
  const solution = await solveChallenge(challenge);
  if (!solution) throw new Error('The bot check could not be solved');
  return encodeSolution(solution);
}
