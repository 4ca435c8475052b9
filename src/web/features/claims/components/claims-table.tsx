import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Claim } from '../../../../contract/claims.js';
import { gridLocaleText } from '../../../components/grid-locale.js';
import { formatDate } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';
import { currentLang } from '../../../lib/i18n.js';
import { claimAwaits } from '../../../../contract/lifecycle.js';
import { ClaimStatusChip } from './claim-status-chip.js';

interface Props {
  rows: Claim[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
}

/** On a phone the other columns are hidden: the tenant's cell says the rest. */
const PHONE_COLUMNS = { status: false, rentDueDate: false, amountOutstanding: false, awaited: false };

/** Server-side paginated claims of the organization; one column of cards on a phone. */
export function ClaimsTable(p: Props) {
  const { t } = useTranslation();
  const lang = currentLang();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const columns: GridColDef<Claim>[] = [
    {
      field: 'tenant',
      headerName: t('claims.tenant'),
      flex: 1.6,
      minWidth: 240,
      sortable: false,
      valueGetter: (_v, row) => `${row.tenant.firstName} ${row.tenant.lastName}`,
      renderCell: ({ row }) => (
        <Box sx={{ lineHeight: 1.3, py: 1 }}>
          <Link component={RouterLink} to={`/claims/${row.id}`} sx={{ display: 'block' }}>
            {row.tenant.firstName} {row.tenant.lastName}
          </Link>
          <Typography variant="caption" color="text.secondary">
            {row.property ? `${row.property.address}, ${row.property.zipCode} ${row.property.city}` : '—'}
          </Typography>
          {phone ? (
            <>
              <Box sx={{ my: 0.5 }}>
                <ClaimStatusChip status={row.status} />
              </Box>
              <Typography variant="body2">
                {t('common.labelValue', { label: t('claims.awaited'), value: t(`claims.awaits.${claimAwaits(row.status)}`) })}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {t('common.labelValue', { label: t('claims.outstanding'), value: formatMoney(row.amountOutstanding, lang) })} ·{' '}
                {t('common.labelValue', { label: t('claims.firstMonth'), value: formatDate(row.rentDueDate, lang) })}
              </Typography>
            </>
          ) : null}
        </Box>
      ),
    },
    {
      field: 'status',
      headerName: t('claims.status'),
      flex: 1,
      minWidth: 180,
      sortable: false,
      renderCell: ({ row }) => <ClaimStatusChip status={row.status} />,
    },
    {
      field: 'rentDueDate',
      headerName: t('claims.firstMonth'),
      flex: 0.7,
      minWidth: 120,
      sortable: false,
      valueFormatter: (v: string) => formatDate(v, lang),
    },
    {
      field: 'amountOutstanding',
      headerName: t('claims.outstanding'),
      type: 'number',
      flex: 0.7,
      minWidth: 120,
      sortable: false,
      valueFormatter: (v: number) => formatMoney(v, lang),
    },
    {
      field: 'awaited',
      headerName: t('claims.awaited'),
      flex: 1.4,
      minWidth: 220,
      sortable: false,
      valueGetter: (_v, row) => t(`claims.awaits.${claimAwaits(row.status)}`),
    },
  ];
  return (
    <DataGrid
      localeText={gridLocaleText(lang)}
      aria-label={t('claims.title')}
      rows={p.rows}
      columns={columns}
      columnVisibilityModel={phone ? PHONE_COLUMNS : {}}
      rowCount={p.total}
      loading={p.loading}
      paginationMode="server"
      disableColumnFilter
      disableRowSelectionOnClick
      getRowHeight={() => 'auto'}
      pageSizeOptions={[10, 20, 50, 100]}
      paginationModel={{ page: p.page - 1, pageSize: p.pageSize }}
      onPaginationModelChange={(m) => p.onPage(m.page + 1, m.pageSize)}
      slots={{
        noRowsOverlay: () => (
          <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
            <Typography color="text.secondary">{t('claims.empty')}</Typography>
          </Box>
        ),
      }}
      slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
      sx={{ minHeight: 420, bgcolor: 'background.paper' }}
    />
  );
}
