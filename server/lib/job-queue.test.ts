import { describe, expect, it } from 'vitest';
import { JobQueue } from './job-queue.ts';

describe('JobQueue', () => {
  it('runs at most its limit at once, the others in the order they came', async () => {
    const queue = new JobQueue(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const job = (id: number) => async () => {
      started.push(id);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return id;
    };
    const runs = [1, 2, 3, 4, 5].map((id) => queue.run(job(id)));
    expect(queue.queued).toBe(3);
    expect(await Promise.all(runs)).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(queue.queued).toBe(0);
  });

  it('frees the place of a job that fails', async () => {
    const queue = new JobQueue(1);
    const failed = queue.run(async () => {
      throw new Error('broken');
    });
    const next = queue.run(async () => 'ran');
    await expect(failed).rejects.toThrow('broken');
    expect(await next).toBe('ran');
  });
});
