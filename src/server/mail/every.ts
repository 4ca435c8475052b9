/**
 * Runs a mail round now and every `everyMs` (the round's reminders, the daily digests): a failed
 * round is logged and tried again at the next. Answers what stops it. The timer does not keep the
 * process alive.
 */
export function tickEvery(everyMs: number, tick: () => Promise<unknown>, failed: (err: unknown) => void): () => void {
  const run = () => void tick().catch(failed);
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
