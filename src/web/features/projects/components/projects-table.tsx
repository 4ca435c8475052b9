import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../../contract/projects.js';
import { gridLocaleText } from '../../../components/grid-locale.js';
import { formatDate } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';
import { currentLang } from '../../../lib/i18n.js';
import { projectActor } from '../../../../contract/lifecycle.js';
import { ProjectStatusChip } from './project-status-chip.js';

export interface ProjectsTableProps {
  rows: Project[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  sort: 'createDate' | '-createDate';
  filtered: boolean;
  canCreate: boolean;
  onPage: (page: number, pageSize: number) => void;
  onSort: (sort: 'createDate' | '-createDate') => void;
}

function NoRows({ filtered, canCreate }: { filtered: boolean; canCreate: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 4, gap: 2 }}>
      <Typography color="text.secondary">{filtered ? t('projects.empty') : t('projects.emptyAll')}</Typography>
      {!filtered && canCreate ? (
        <Button component={RouterLink} to="/projects/new" variant="contained">
          {t('projects.create')}
        </Button>
      ) : null}
    </Box>
  );
}

/** On a phone the other columns are hidden: the tenant's cell says the status, the next step and the date. */
const PHONE_COLUMNS = { status: false, score: false, createDate: false, nextStep: false, actor: false };

/** Server-side paginated and sorted list of projects (MUI X DataGrid); one column of cards on a phone. */
export function ProjectsTable(p: ProjectsTableProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const columns: GridColDef<Project>[] = [
    {
      field: 'tenant',
      headerName: t('projects.tenant'),
      flex: 1.4,
      minWidth: 200,
      sortable: false,
      valueGetter: (_v, row) => `${row.profile.firstName} ${row.profile.lastName}`,
      renderCell: ({ row }) => (
        <Box sx={{ lineHeight: 1.3, py: 1 }}>
          <Link component={RouterLink} to={`/projects/${row.id}`} sx={{ display: 'block' }}>
            {row.profile.firstName} {row.profile.lastName}
          </Link>
          <Typography variant="caption" color="text.secondary">
            {row.profile.email}
          </Typography>
          {phone ? (
            <>
              <Box sx={{ my: 0.5 }}>
                <ProjectStatusChip status={row.status} />
              </Box>
              <Typography variant="body2">
                {t('common.labelValue', { label: t('projects.nextStep'), value: t(`nextStep.${row.status}`) })}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {t('common.labelValue', { label: t('projects.createDate'), value: formatDate(row.createDate, lang) })}
              </Typography>
            </>
          ) : null}
        </Box>
      ),
    },
    {
      field: 'status',
      headerName: t('projects.status'),
      flex: 1.2,
      minWidth: 200,
      sortable: false,
      renderCell: ({ row }) => <ProjectStatusChip status={row.status} />,
    },
    {
      field: 'score',
      headerName: t('projects.score'),
      type: 'number',
      flex: 0.8,
      minWidth: 130,
      sortable: false,
      valueFormatter: (v: number) => formatMoney(v, lang),
    },
    {
      field: 'createDate',
      headerName: t('projects.createDate'),
      flex: 0.8,
      minWidth: 120,
      valueFormatter: (v: string) => formatDate(v, lang),
    },
    {
      field: 'nextStep',
      headerName: t('projects.nextStep'),
      flex: 1.2,
      minWidth: 200,
      sortable: false,
      valueGetter: (_v, row) => t(`nextStep.${row.status}`),
    },
    {
      field: 'actor',
      headerName: t('projects.actor'),
      flex: 0.7,
      minWidth: 110,
      sortable: false,
      valueGetter: (_v, row) => t(`actor.${projectActor(row.status)}`),
    },
  ];
  const sortModel: GridSortModel = [{ field: 'createDate', sort: p.sort === 'createDate' ? 'asc' : 'desc' }];
  return (
    <DataGrid
      localeText={gridLocaleText(lang)}
      aria-label={t('projects.title')}
      rows={p.rows}
      columns={columns}
      columnVisibilityModel={phone ? PHONE_COLUMNS : {}}
      rowCount={p.total}
      loading={p.loading}
      paginationMode="server"
      sortingMode="server"
      disableColumnFilter
      disableRowSelectionOnClick
      getRowHeight={() => 'auto'}
      pageSizeOptions={[10, 20, 50, 100]}
      paginationModel={{ page: p.page - 1, pageSize: p.pageSize }}
      onPaginationModelChange={(m: GridPaginationModel) => p.onPage(m.page + 1, m.pageSize)}
      sortModel={sortModel}
      onSortModelChange={(m) => p.onSort(m[0]?.sort === 'asc' ? 'createDate' : '-createDate')}
      slots={{ noRowsOverlay: () => <NoRows filtered={p.filtered} canCreate={p.canCreate} /> }}
      slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
      sx={{ minHeight: 420, bgcolor: 'background.paper' }}
    />
  );
}
