import { readExpiry, sendActivity } from '../api/session-expiry.js';
import { REPORT_EVERY_MS, keepClock, noteReported, readClock } from './session-clock.js';

let sending: Promise<boolean> | null = null;
/** When this tab last saw the person do something it has not told the server yet. */
let untold: number | null = null;
let later: ReturnType<typeof setTimeout> | null = null;

/** Tells the server now: the idle limit starts again. Answers whether the session is still alive. */
function send(): Promise<boolean> {
  if (sending) return sending;
  const at = Date.now();
  const before = readClock()?.reportedAt;
  // the other tabs see it at once and do not send the same one
  noteReported(at);
  sending = sendActivity()
    .then((answer) => {
      keepClock(answer, at);
      return true;
    })
    .catch(() => {
      // not sent (the session ended: the app goes to sign-in; or offline): the next activity tries again
      if (readClock()?.reportedAt === at) noteReported(before ?? 0);
      return false;
    })
    .finally(() => {
      sending = null;
    });
  return sending;
}

/** Tells what this tab has seen, once the interval since the last report (any tab's) has passed. */
function flush(): void {
  if (untold === null) return;
  const clock = readClock();
  // told since by a report (this tab's or another's) sent after it
  if (clock && untold <= clock.reportedAt) {
    untold = null;
    return;
  }
  const wait = clock ? clock.reportedAt + REPORT_EVERY_MS - Date.now() : 0;
  if (wait > 0) {
    later ??= setTimeout(() => {
      later = null;
      flush();
    }, wait);
    return;
  }
  untold = null;
  void send();
}

/**
 * The person did something (a navigation, a key, a tap): the server is told at once when no tab has
 * told it for REPORT_EVERY_MS, else at the end of that interval, so it always knows the last activity
 * to within an interval, with one request a minute at most for all the tabs together.
 */
export function noteActivity(): void {
  untold = Date.now();
  flush();
}

/** The person asks to stay (the warning's button): the server is told now. Answers whether the session is alive. */
export function stayActive(): Promise<boolean> {
  untold = null;
  return send();
}

/** What is left of the session, read again from the server (no activity): the tab's countdown ended, or it woke up. */
export async function checkExpiry(): Promise<boolean> {
  const before = readClock();
  try {
    keepClock(await readExpiry(), before?.reportedAt ?? 0);
    return true;
  } catch {
    return false;
  }
}
