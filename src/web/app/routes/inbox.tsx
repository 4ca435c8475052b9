import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { queueHasProjects } from '../../../contract/access.js';
import { defaultClaimView } from '../../../contract/assignments.js';
import { CLAIM_INBOX_KINDS, INBOX_KINDS } from '../../../contract/inbox.js';
import { AssigneeFilter } from '../../components/assignee-filter.js';
import { ClaimViewSwitch } from '../../components/claim-view-switch.js';
import { DataAsOf } from '../../components/data-as-of.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { useColleagues } from '../../features/assignments/api/get-colleagues.js';
import { useMay, useSession } from '../../features/auth/api/get-session.js';
import { useInbox } from '../../features/inbox/api/get-inbox.js';
import { InboxFilters } from '../../features/inbox/components/inbox-filters.js';
import { InboxGroups } from '../../features/inbox/components/inbox-groups.js';
import { formatDate, formatTime } from '../../lib/dates.js';
import { useLang } from '../../lib/i18n.js';
import { useDeferredAnswer } from '../../lib/use-deferred-answer.js';
import { useUrlParams } from '../../lib/use-url-params.js';
import { claimViewUpdate, inboxList } from '../list-queries.js';

/**
 * The home page, a work queue: one line per claim or project with everything due there, grouped
 * by kind, the most urgent first; groups, tenant and order are filters kept in the URL, and the
 * server answers one page at a time. Kept live by the partner's events.
 */
export default function InboxRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const session = useSession();
  const { params, update } = useUrlParams();
  const role = session.data?.user.role;
  const { kinds, tenant, sort, assignee, view, page, query } = inboxList(params, role);
  const inbox = useInbox(query);
  const can = useMay();
  const colleagues = useColleagues(can('file.assign')).data?.colleagues ?? [];
  const onTenant = (v: string) => update({ tenant: v.trim() || null, page: null });
  // the lines are drawn in a transition React slices (the placeholder stays until they are)
  const { data, pending } = useDeferredAnswer(inbox);
  const pages = data ? Math.ceil(data.total / data.pageSize) : 0;
  const filtered = kinds.length > 0 || tenant !== '' || assignee !== '';
  // a page past the end (an old link, the last line of a page done meanwhile): the last page
  const pastTheEnd = data !== undefined && !inbox.isPlaceholderData && page > 1 && data.lines.length === 0 && data.total > 0;
  useEffect(() => {
    if (pastTheEnd) update({ page: pages > 1 ? String(pages) : null });
  }, [pastTheEnd, pages, update]);
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          {t('inbox.title')}
        </Typography>
        <Typography color="text.secondary">{t('inbox.intro')}</Typography>
        {/* the monthly round declares every claim's months from one page; the events left the manager's menu for it.
            Its line is kept while the work queue loads (the menu's badge no longer reads it), so nothing below moves */}
        <Stack direction="row" spacing={2} sx={{ mt: 0.5, flexWrap: 'wrap', minHeight: '1.5em' }}>
          {data && (data.counts['claim.months'] ?? 0) > 0 ? (
            <Link component={RouterLink} to="/round">
              {t('round.fromInbox')}
            </Link>
          ) : null}
          {can('events.read') ? (
            <Link component={RouterLink} to="/events">
              {t('nav.events')}
            </Link>
          ) : null}
        </Stack>
        <Typography variant="caption" color="text.secondary" aria-live="polite" component="p" sx={{ minHeight: '1.66em' }}>
          {data
            ? `${t('inbox.lines', { count: data.total })} · ${t('inbox.updated', {
                date: formatDate(data.generatedAt, lang),
                time: formatTime(data.generatedAt, lang),
              })}`
            : ''}
        </Typography>
        <DataAsOf at={data?.asOf} />
      </div>
      {/* a queue that opens on her own claims (an intermediary's: opened or looked after) offers the agency's */}
      {role !== undefined && defaultClaimView(role) === 'mine' ? (
        <ClaimViewSwitch value={view} onChange={(v) => update({ view: claimViewUpdate(v, role), page: null })} />
      ) : null}
      <InboxFilters
        kinds={role !== undefined && queueHasProjects(role) ? INBOX_KINDS : CLAIM_INBOX_KINDS}
        counts={data?.counts}
        selected={kinds}
        tenant={tenant}
        sort={sort}
        onKinds={(k) => update({ kind: k, page: null })}
        onTenant={onTenant}
        onSort={(s) => update({ sort: s === 'urgency' ? null : s, page: null })}
        onClear={() => update({ kind: null, tenant: null, sort: null, assignee: null, page: null })}
        moreSet={assignee !== '' ? 1 : 0}
        more={
          can('file.assign') ? (
            <AssigneeFilter value={assignee} colleagues={colleagues} onChange={(v) => update({ assignee: v || null, page: null })} />
          ) : null
        }
      />
      {inbox.isError ? <ErrorAlert error={inbox.error} onRetry={() => void inbox.refetch()} /> : null}
      {pending ? <Skeleton variant="rounded" height={240} /> : null}
      {data && data.lines.length === 0 ? (
        data.asOf === null ? (
          // before the first sync, no line says nothing of what awaits
          <Typography color="text.secondary">{t('readModel.firstSync')}</Typography>
        ) : tenant !== '' && kinds.length === 0 ? (
          // a tenant with nothing due is not lost: their file is one click away
          <Typography color="text.secondary">
            {t('inbox.nothingForTenant', { tenant })}{' '}
            <Link component={RouterLink} to={`/projects?${new URLSearchParams({ search: tenant }).toString()}`}>
              {t('inbox.findTenantProjects', { tenant })}
            </Link>
          </Typography>
        ) : (
          <Typography color="text.secondary">{t(filtered ? 'inbox.nothingFiltered' : 'inbox.nothing')}</Typography>
        )
      ) : null}
      {data ? <InboxGroups lines={data.lines} counts={data.counts} sender={session.data?.user.name ?? ''} /> : null}
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_e, p) => {
            update({ page: p > 1 ? String(p) : null });
            window.scrollTo({ top: 0 }); // the new page starts at its first group
          }}
          aria-label={t('inbox.pages')}
          getItemAriaLabel={(type, p, selected) =>
            t(`inbox.pageItem.${type}`, { page: p ?? '', context: selected ? 'current' : undefined })
          }
          siblingCount={0}
          sx={{ alignSelf: 'center' }}
        />
      ) : null}
    </Stack>
  );
}
