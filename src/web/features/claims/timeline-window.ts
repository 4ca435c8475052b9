/** How many of the latest months the timeline shows at first, and how many more each "show more" adds. */
export const RECENT_MONTHS = 12;
export const MORE_MONTHS = 24;

export interface TimelineWindow<T> {
  /** Months shown before the collapsed ones (the next month to declare, a month linked to), oldest first. */
  pinned: T[];
  /** How many months are collapsed between `pinned` and `recent`. */
  hidden: number;
  /** The latest months shown, oldest first. */
  recent: T[];
}

/**
 * Which months of a claim's timeline are rendered: a claim whose first unpaid month is years back
 * has hundreds of months, and the page renders a bounded number of them whatever the data: the
 * latest `RECENT_MONTHS + older`, plus the months that must stay reachable (`pin`: the next month
 * to declare, a month a link points to). The rest is counted, not rendered.
 */
export function timelineWindow<T>(months: readonly T[], older: number, pin: (m: T) => boolean): TimelineWindow<T> {
  const start = Math.max(0, months.length - RECENT_MONTHS - Math.max(0, older));
  const before = months.slice(0, start);
  const pinned = before.filter(pin);
  return { pinned, hidden: before.length - pinned.length, recent: months.slice(start) };
}
