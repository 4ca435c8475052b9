import { expect, test } from 'vitest';
import { importSteps } from './next-task.js';

test('importSteps runs its steps in order, once, and tries again after a failed step', async () => {
  const ran: string[] = [];
  let failOnce = true;
  const steps = importSteps(
    async () => ran.push('a'),
    async () => {
      ran.push('b');
      if (failOnce) {
        failOnce = false;
        throw new Error('download failed');
      }
    },
  );
  await expect(steps()).rejects.toThrow('download failed');
  await steps();
  expect(steps()).toBe(steps());
  await steps();
  expect(ran).toEqual(['a', 'b', 'a', 'b']);
});
