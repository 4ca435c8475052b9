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
