import type { z } from 'zod';
import { INBOX_KINDS, type Inbox, type InboxKind, type InboxLine, type InboxQuerySchema } from '../../contract/inbox.js';
import { foldForSearch } from '../../contract/search.js';

type Query = z.output<typeof InboxQuerySchema>;

const byName = new Intl.Collator('fr', { sensitivity: 'base' });
const nameOf = (l: InboxLine) => `${l.tenant.lastName} ${l.tenant.firstName}`;

const ORDER: Record<Query['sort'], (a: InboxLine, b: InboxLine) => number> = {
  urgency: (a, b) => b.days - a.days || byName.compare(nameOf(a), nameOf(b)),
  recent: (a, b) => a.days - b.days || byName.compare(nameOf(a), nameOf(b)),
  tenant: (a, b) => byName.compare(nameOf(a), nameOf(b)) || b.days - a.days,
};

/**
 * The page of the inbox a query asks for: lines of the tenant asked (first or last name, either
 * order, accents ignored) and the kinds asked, grouped by kind in INBOX_KINDS order, sorted within
 * a group, then cut to the page. Counts: per kind under the tenant filter (the groups and their
 * filter), per area unfiltered (the navigation).
 */
export function selectInbox(all: readonly InboxLine[], q: Query): Omit<Inbox, 'generatedAt' | 'today' | 'asOf'> {
  const search = q.tenant ? foldForSearch(q.tenant) : '';
  const forTenant = search
    ? all.filter((l) => {
        const first = foldForSearch(l.tenant.firstName);
        const last = foldForSearch(l.tenant.lastName);
        return `${first}${last}`.includes(search) || `${last}${first}`.includes(search);
      })
    : all;
  const counts = Object.fromEntries(INBOX_KINDS.map((k) => [k, 0])) as Record<InboxKind, number>;
  for (const l of forTenant) counts[l.kind]++;
  const kinds = q.kind?.length ? new Set(q.kind) : null;
  const rank = (l: InboxLine) => INBOX_KINDS.indexOf(l.kind);
  const matching = (kinds ? forTenant.filter((l) => kinds.has(l.kind)) : [...forTenant]).sort(
    (a, b) => rank(a) - rank(b) || ORDER[q.sort](a, b),
  );
  const start = (q.page - 1) * q.pageSize;
  return {
    lines: matching.slice(start, start + q.pageSize),
    page: q.page,
    pageSize: q.pageSize,
    total: matching.length,
    counts,
    areas: { claims: all.filter((l) => l.area === 'claim').length, projects: all.filter((l) => l.area === 'project').length },
  };
}
