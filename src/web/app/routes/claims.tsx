import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeferredAnswer } from '../../lib/use-deferred-answer.js';
import { useUrlParams } from '../../lib/use-url-params.js';
import { defaultClaimView } from '../../../contract/assignments.js';
import { CLAIM_STATUSES } from '../../../contract/enums.js';
import { DownloadButton, exportQuery } from '../../components/download-button.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { StatusFilter } from '../../components/status-filter.js';
import { serverPage } from '../../components/server-table.js';
import { useMay, useSession } from '../../features/auth/api/get-session.js';
import { useClaimRows } from '../../features/claims/api/get-claim-rows.js';
import { useColleagues } from '../../features/assignments/api/get-colleagues.js';
import { AssigneeFilter } from '../../components/assignee-filter.js';
import { DataAsOf } from '../../components/data-as-of.js';
import { ClaimViewSwitch } from '../../components/claim-view-switch.js';
import { ClearFiltersButton } from '../../components/clear-filters-button.js';
import { DebouncedSearch } from '../../components/debounced-search.js';
import { ClaimsTable } from '../../features/claims/components/claims-table.js';
import { ProjectPicker } from '../../features/projects/components/project-picker.js';
import { useLang } from '../../lib/i18n.js';
import { claimList, claimViewUpdate } from '../list-queries.js';

/**
 * The organization's claims, from the server's read model: tenant search, status, project and
 * "looked after by" filters, sort and page live in the URL.
 */
export default function ClaimsRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const { params, update } = useUrlParams();
  const role = useSession().data?.user.role;
  const { statuses, projectId, search, sort, assignee, view, page, pageSize, query } = claimList(params, role);
  const claims = useClaimRows(query);
  // what waits on an intermediary says "you": she runs her claims
  const intermediary = role === 'intermediary';
  const assigns = useMay()('file.assign');
  const colleagues = useColleagues(assigns).data?.colleagues ?? [];
  const onSearch = (s: string) => update({ search: s || null, page: null });
  const searchField = useRef<HTMLInputElement>(null);
  const filtered = statuses.length > 0 || Boolean(projectId) || Boolean(search) || Boolean(assignee);
  // the rows are drawn in a transition React slices (the placeholders stay until they are)
  const answer = useDeferredAnswer(claims);
  return (
    <Stack spacing={2}>
      <Stack direction="row" useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h4" component="h1">
          {t('claims.title')}
        </Typography>
        <DownloadButton
          href={`/api/exports/claims.csv?${exportQuery({ status: statuses, projectId, ...(view === 'mine' ? { view } : {}) }, lang)}`}
          label={t('exports.csv')}
          // before the first sync the server refuses the file: the click asks, so the page can say why
          ask={claims.data?.asOf === null}
        />
      </Stack>
      {/* a list that opens on her own claims (an intermediary's: opened or looked after) has the agency's one tap away */}
      {role !== undefined && defaultClaimView(role) === 'mine' ? (
        <ClaimViewSwitch value={view} onChange={(v) => update({ view: claimViewUpdate(v, role), page: null })} />
      ) : null}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <DebouncedSearch label={t('claims.searchTenant')} value={search} onSearch={onSearch} inputRef={searchField} />
        <StatusFilter
          label={t('claims.status')}
          entries={CLAIM_STATUSES}
          value={statuses}
          onChange={(next) => update({ status: next.map(String), page: null })}
          sx={{ width: { xs: '100%', md: 320 } }}
        />
        <ProjectPicker label={t('claims.project')} value={projectId} onChange={(id) => update({ projectId: id, page: null })} />
        {assigns ? (
          <AssigneeFilter value={assignee} colleagues={colleagues} onChange={(v) => update({ assignee: v || null, page: null })} />
        ) : null}
        {filtered ? (
          <ClearFiltersButton
            label={t('claims.clear')}
            onClear={() => update({ status: null, projectId: null, search: null, assignee: null, page: null })}
            focusAfter={searchField}
          />
        ) : null}
      </Stack>
      {claims.isError ? <ErrorAlert error={claims.error} onRetry={() => void claims.refetch()} /> : null}
      <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ minHeight: '1.43em' }}>
        {answer.data ? t('claims.count', { count: answer.data.total }) : ''}
      </Typography>
      <DataAsOf at={answer.data?.asOf} />
      <ClaimsTable
        intermediary={intermediary}
        emptyBecause={filtered ? 'filters' : view === 'mine' ? 'mine' : 'none'}
        sort={sort}
        onSort={(s) => update({ sort: s, page: null })}
        list={serverPage(
          { ...claims, data: answer.data, isPending: answer.pending },
          { page, pageSize, onPage: (p, s) => update({ page: String(p), pageSize: String(s) }) },
        )}
      />
    </Stack>
  );
}
