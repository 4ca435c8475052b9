import { nextTask } from './next-task.js';

let ready: Promise<void> | undefined;

/**
 * What a chart's code needs before it, evaluated in a task of its own (issue 14): MUI X Charts and
 * what it is built on were one chunk, evaluated in one task of 80-120 ms with a phone's CPU (its
 * modules' top-level code: scales, stores, selectors, styled components). Import a chart after
 * this; once done, it is done (a failed download is tried again).
 */
export function chartSteps(): Promise<void> {
  ready ??= (async () => {
    await import('./chart-base.js');
    await nextTask();
  })().catch((err: unknown) => {
    ready = undefined;
    throw err;
  });
  return ready;
}
