/**
 * Lets the browser paint, answer a tap or take a response before going on (issue 14): the rest
 * runs in a task of its own. `scheduler.yield` where the browser has it (the continuation goes
 * first in the queue), else a zero timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Modules evaluated one per task, once (issue 14: a phone's CPU would run them in one long task
 * with whatever imports them first). The returned function starts the steps at its first call and
 * gives the same promise after; a failed download is tried again at the next call.
 */
export function importSteps(...steps: (() => Promise<unknown>)[]): () => Promise<void> {
  let ready: Promise<void> | undefined;
  return () =>
    (ready ??= (async () => {
      for (const step of steps) {
        await step();
        await nextTask();
      }
    })().catch((err: unknown) => {
      ready = undefined;
      throw err;
    }));
}
