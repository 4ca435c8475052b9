import type { SessionExpiry } from '../../../../contract/session.js';

/**
 * When the session ends, as the server last said it (its answer's durations, from this browser's
 * clock), shared by every tab of the browser: they share the session's cookie, and what the person
 * does in one tab keeps the others' session alive too. Kept in localStorage (its `storage` event tells
 * the other tabs, and a tab opened later finds it); in memory alone where storage is disabled. Only
 * times: nothing the person typed or read.
 */
export interface SessionClock {
  /** When the idle limit ends the session, unless the person does something. */
  idleEndsAt: number;
  /** When the absolute limit ends it, whatever happens. */
  endsAt: number;
  /** The limits themselves (for the words: "after 30 minutes without activity"). */
  idleLimit: number;
  maxLimit: number;
  /** When a tab last reported the person's activity (any tab: the reports are shared). */
  reportedAt: number;
}

/** The person's activity is reported at most this often, by all the tabs together. */
export const REPORT_EVERY_MS = 60_000;
/** Every tab warns this long before the session ends. */
export const WARN_BEFORE_MS = 2 * 60_000;

const KEY = 'pd.session-clock';
let memory: string | null = null;
/** The last value read, so that the same stored text gives the same object (a stable snapshot for React). */
let parsed: { raw: string | null; clock: SessionClock | null } = { raw: null, clock: null };
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function rawClock(): string | null {
  const s = storage();
  if (!s) return memory;
  try {
    return s.getItem(KEY);
  } catch {
    return memory;
  }
}

function parse(raw: string | null): SessionClock | null {
  if (!raw) return null;
  try {
    const o = JSON.parse(raw) as Record<string, unknown>;
    const fields = ['idleEndsAt', 'endsAt', 'idleLimit', 'maxLimit', 'reportedAt'] as const;
    if (!fields.every((f) => typeof o[f] === 'number' && Number.isFinite(o[f]))) return null;
    return o as unknown as SessionClock;
  } catch {
    return null;
  }
}

/** The session's clock as this browser knows it; null before the first answer (or after a sign-out here). */
export function readClock(): SessionClock | null {
  const raw = rawClock();
  if (raw !== parsed.raw) parsed = { raw, clock: parse(raw) };
  return parsed.clock;
}

function writeRaw(raw: string | null): void {
  memory = raw;
  const s = storage();
  try {
    if (raw === null) s?.removeItem(KEY);
    else s?.setItem(KEY, raw);
  } catch {
    // full or disabled: this tab keeps it in memory
  }
  listeners.forEach((fn) => fn());
}

/** Keeps what the server answered (durations from now), for every tab. */
export function keepClock(answer: SessionExpiry, reportedAt: number): void {
  const t = Date.now();
  const clock: SessionClock = {
    idleEndsAt: t + answer.idleEndsIn,
    endsAt: t + answer.endsIn,
    idleLimit: answer.idleLimit,
    maxLimit: answer.maxLimit,
    reportedAt,
  };
  writeRaw(JSON.stringify(clock));
}

/** Notes that a report is on its way (the other tabs then do not send the same one). */
export function noteReported(at: number): void {
  const c = readClock();
  if (c) writeRaw(JSON.stringify({ ...c, reportedAt: at }));
}

/** Forgets the session's clock: the person signed out here, so no later visit is told their session "ended". */
export function forgetClock(): void {
  writeRaw(null);
}

/** Calls `fn` when the clock changes, in this tab or another. */
export function onClockChange(fn: () => void): () => void {
  listeners.add(fn);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) fn();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(fn);
    window.removeEventListener('storage', onStorage);
  };
}

/** When the session ends, unless the person does something: the nearer of its two limits. */
export const endOf = (c: SessionClock): number => Math.min(c.idleEndsAt, c.endsAt);

/** When the tabs warn: WARN_BEFORE_MS before the end, or half the idle limit before it when that is shorter (a 1-minute limit). */
export const warnAtOf = (c: SessionClock): number => endOf(c) - Math.min(WARN_BEFORE_MS, c.idleLimit / 2);

/**
 * Why a session that answered "not signed in" ended, as far as this browser can tell: at its
 * absolute limit, at its idle limit, or elsewhere (signed out on another device, a password changed,
 * a manager); null when this browser never knew a session. A few seconds' slack covers the request's
 * own time and a replica that saw the last activity a moment later.
 */
export type EndReason = 'max' | 'idle' | 'elsewhere';
const SLACK_MS = 10_000;
export function endReason(now = Date.now()): EndReason | null {
  const c = readClock();
  if (!c) return null;
  if (now >= c.endsAt - SLACK_MS) return 'max';
  if (now >= c.idleEndsAt - SLACK_MS) return 'idle';
  return 'elsewhere';
}
