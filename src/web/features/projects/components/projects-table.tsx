import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import type { ProjectRow } from '../../../../contract/lists.js';
import { ServerTable, type ServerColumn, type ServerPage } from '../../../components/server-table.js';
import { formatDate } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';
import { projectActor } from '../../../../contract/lifecycle.js';
import { ProjectStatusChip } from './project-status-chip.js';

type Project = ProjectRow;

export interface ProjectsTableProps {
  list: ServerPage<Project>;
  sort: 'createDate' | '-createDate';
  filtered: boolean;
  canCreate: boolean;
  onSort: (sort: 'createDate' | '-createDate') => void;
}

function NoRows({ filtered, canCreate }: { filtered: boolean; canCreate: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography color="text.secondary">{filtered ? t('projects.empty') : t('projects.emptyAll')}</Typography>
      {!filtered && canCreate ? (
        <Button component={RouterLink} to="/projects/new" variant="contained">
          {t('projects.create')}
        </Button>
      ) : null}
    </>
  );
}

/** Rows as drawn (two lines on a desk; a card of five on a phone): the placeholders take as much. */
const ROW_HEIGHT = 61;
const PHONE_ROW_HEIGHT = 141;

/** Server-side paginated and sorted list of projects (MUI Table); one column of cards on a phone. */
export function ProjectsTable(p: ProjectsTableProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const tenant: ServerColumn<Project> = {
    id: 'tenant',
    header: t('projects.tenant'),
    width: phone ? undefined : '24%',
    cell: (row) => (
      <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
        <Link component={RouterLink} to={`/projects/${row.id}`} sx={{ display: 'block' }}>
          {row.profile.firstName} {row.profile.lastName}
        </Link>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {row.profile.email}
        </Typography>
        {row.openClaimId ? (
          <Link component={RouterLink} to={`/claims/${row.openClaimId}`} variant="caption" sx={{ display: 'block', fontWeight: 600 }}>
            {t('projects.openClaim')}
          </Link>
        ) : null}
        {row.assignee ? (
          <Typography variant="caption" color="text.secondary" component="p">
            {t('projects.lookedAfterBy', { name: row.assignee.name })}
          </Typography>
        ) : null}
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
  };
  const columns: ServerColumn<Project>[] = phone
    ? [tenant]
    : [
        tenant,
        { id: 'status', header: t('projects.status'), width: '20%', cell: (row) => <ProjectStatusChip status={row.status} /> },
        { id: 'score', header: t('projects.score'), numeric: true, width: '11%', cell: (row) => formatMoney(row.score, lang) },
        { id: 'createDate', header: t('projects.createDate'), width: '13%', cell: (row) => formatDate(row.createDate, lang) },
        { id: 'nextStep', header: t('projects.nextStep'), width: '20%', cell: (row) => t(`nextStep.${row.status}`) },
        { id: 'actor', header: t('projects.actor'), width: '12%', cell: (row) => t(`actor.${projectActor(row.status)}`) },
      ];
  return (
    <ServerTable
      label={t('projects.title')}
      columns={columns}
      list={p.list}
      rowKey={(row) => row.id}
      rowHeight={phone ? PHONE_ROW_HEIGHT : ROW_HEIGHT}
      sort={{
        column: 'createDate',
        direction: p.sort === 'createDate' ? 'asc' : 'desc',
        onChange: (d) => p.onSort(d === 'asc' ? 'createDate' : '-createDate'),
      }}
      empty={<NoRows filtered={p.filtered} canCreate={p.canCreate} />}
    />
  );
}
