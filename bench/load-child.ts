import { type LoadPlan, planRequest, runLoad } from './load.ts';

/**
 * `node --import tsx bench/load-child.ts <plan as JSON>`: one load (`runLoad`) from a process of
 * its own; prints its result as JSON. A scenario's own process holds what it set up, read and
 * measured before, and the collections of that heap pause its load now and then; a load counts
 * those pauses as the server's latency.
 */
const [planText] = process.argv.slice(2);
if (!planText) throw new Error('Usage: load-child.ts <plan as JSON>');
const plan: LoadPlan = JSON.parse(planText);
const result = await runLoad({ ...plan, request: planRequest(plan) });
console.log(JSON.stringify({ ...result, statuses: [...result.statuses] }));
