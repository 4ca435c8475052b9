import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { useMay } from '../../features/auth/api/get-session.js';
import Typography from '@mui/material/Typography';
import { useDeferredAnswer } from '../../lib/use-deferred-answer.js';
import { useUrlParams } from '../../lib/use-url-params.js';
import { useTranslation } from 'react-i18next';
import { DownloadButton, exportQuery } from '../../components/download-button.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { serverPage } from '../../components/server-table.js';
import { useLang } from '../../lib/i18n.js';
import { useProjectRows } from '../../features/projects/api/get-project-rows.js';
import { useColleagues } from '../../features/assignments/api/get-colleagues.js';
import { AssigneeFilter } from '../../components/assignee-filter.js';
import { DataAsOf } from '../../components/data-as-of.js';
import { ProjectFilters } from '../../features/projects/components/project-filters.js';
import { ProjectsTable } from '../../features/projects/components/projects-table.js';
import { projectList } from '../list-queries.js';

/** Filters, page and sort live in the URL: a link or a refresh shows the same list. */
function useListParams() {
  const { params, update } = useUrlParams();
  return { ...projectList(params), update };
}

export default function ProjectsRoute() {
  const { t } = useTranslation();
  const p = useListParams();
  const query = useProjectRows(p.query);
  // the rows are drawn in a transition React slices (the placeholders stay until they are)
  const answer = useDeferredAnswer(query);
  const { update } = p;
  const can = useMay();
  const canCreate = can('project.change');
  const assigns = can('file.assign');
  const colleagues = useColleagues(assigns).data?.colleagues ?? [];
  const onSearch = (search: string) => update({ search, page: null });
  return (
    <Stack spacing={1}>
      <Stack direction="row" useFlexGap sx={{ mb: 2, justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h4" component="h1">
          {t('projects.title')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <DownloadButton
            href={`/api/exports/projects.csv?${exportQuery({ status: p.statuses, search: p.search }, useLang())}`}
            label={t('exports.csv')}
            // before the first sync the server refuses the file: the click asks, so the page can say why
            ask={query.data?.asOf === null}
          />
          {canCreate ? (
            <Button component={RouterLink} to="/projects/new" variant="contained">
              {t('projects.create')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <ProjectFilters
        statuses={p.statuses}
        search={p.search}
        onStatuses={(s) => update({ status: s.map(String), page: null })}
        onSearch={onSearch}
        onClear={() => update({ status: null, search: null, assignee: null, page: null })}
      />
      {assigns ? (
        <AssigneeFilter value={p.assignee} colleagues={colleagues} onChange={(v) => update({ assignee: v || null, page: null })} />
      ) : null}
      {query.isError ? <ErrorAlert error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ minHeight: '1.43em' }}>
        {answer.data ? t('projects.count', { count: answer.data.total }) : ''}
      </Typography>
      <DataAsOf at={answer.data?.asOf} />
      <ProjectsTable
        list={serverPage(
          { ...query, data: answer.data, isPending: answer.pending },
          {
            page: p.page,
            pageSize: p.pageSize,
            onPage: (page, pageSize) => update({ page: String(page), pageSize: String(pageSize) }),
          },
        )}
        sort={p.sort}
        filtered={p.statuses.length > 0 || Boolean(p.search) || Boolean(p.assignee)}
        canCreate={canCreate}
        onSort={(sort) => update({ sort, page: null })}
      />
    </Stack>
  );
}
