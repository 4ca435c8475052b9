import type { TFunction } from 'i18next';
import type { Lang } from '../../../contract/enums.js';
import type { ProjectInboxLine } from '../../../contract/inbox.js';
import { awaitsTenantOrOwner } from '../../../contract/lifecycle.js';
import { formatDate } from '../../lib/dates.js';

/**
 * "Follow up": a prepared e-mail (mailto:) in the UI language to whoever the project waits on,
 * the tenant (with the link of their journey, the project's publicUrl) or the owner (without it).
 * The user reads and sends it from their own mail program.
 */
export function reminderHref(
  line: Pick<ProjectInboxLine, 'status' | 'tenant' | 'since' | 'reminder'>,
  t: TFunction,
  lang: Lang,
  sender: string,
): string | null {
  const r = line.reminder;
  const status = line.status;
  if (!r || !r.email || !awaitsTenantOrOwner(status)) return null;
  const tenant = `${line.tenant.firstName} ${line.tenant.lastName}`;
  const values = { tenant, date: formatDate(line.since, lang), name: `${r.firstName} ${r.lastName}`.trim() };
  const lines = [
    t('inbox.reminder.greeting', values),
    '',
    t(`inbox.reminder.body.${status}`, values),
    ...(r.to === 'tenant' ? ['', r.publicUrl ? t('inbox.reminder.link', { url: r.publicUrl }) : t('inbox.reminder.noLink')] : []),
    '',
    t('inbox.reminder.closing'),
    sender,
  ];
  const subject = t(`inbox.reminder.subject.${status}`, values);
  return `mailto:${encodeURIComponent(r.email).replace('%40', '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(lines.join('\r\n'))}`;
}
