import { describe, expect, it } from 'vitest';
import { JobQueue, QueueFull } from './job-queue.ts';

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

  it('refuses a job when `maxWaiting` jobs already wait, and takes jobs again once they ran', async () => {
    const queue = new JobQueue(1, 2);
    let release = () => {};
    const first = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = [queue.run(async () => 2), queue.run(async () => 3)];
    await expect(queue.run(async () => 4)).rejects.toBeInstanceOf(QueueFull);
    release();
    await first;
    expect(await Promise.all(waiting)).toEqual([2, 3]);
    expect(await queue.run(async () => 5)).toBe(5);
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
