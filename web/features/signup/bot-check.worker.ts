/// <reference lib="webworker" />
import {
  type ChallengeLike,
  encodeSolution,
  solveChallenge,
} from '../../../contract/rules/bot-check.ts';

/** Solves the sign-up proof-of-work off the main thread, so the page stays responsive. */
self.onmessage = async (event: MessageEvent<ChallengeLike>) => {
  const solution = await solveChallenge(event.data);
  self.postMessage(solution ? encodeSolution(solution) : null);
};
