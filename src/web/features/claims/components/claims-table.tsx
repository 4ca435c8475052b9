import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import type { ClaimRowSort } from '../../../../contract/list-queries.js';
import type { ClaimRow } from '../../../../contract/lists.js';
import { ServerTable, type ServerColumn, type ServerPage } from '../../../components/server-table.js';
import { formatDate } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';
import { awaitedKey } from '../awaited-key.js';
import { ClaimStatusChip } from './claim-status-chip.js';

type Claim = ClaimRow;

/** The columns the server sorts by, and their sort key. */
const SORT_KEYS = { tenant: 'tenant', createdAt: 'opened', amountOutstanding: 'outstanding', status: 'status' } as const;
const columnOf = (sort: ClaimRowSort) =>
  (Object.keys(SORT_KEYS) as (keyof typeof SORT_KEYS)[]).find((c) => SORT_KEYS[c] === sort.replace(/^-/, '')) ?? 'createdAt';

interface Props {
  list: ServerPage<Claim>;
  sort: ClaimRowSort;
  onSort: (sort: ClaimRowSort) => void;
  /** Read by an intermediary: what waits on them says "you", not "the agency". */
  intermediary?: boolean;
  /** Why the list may be empty: filters chosen, her own claims only (none opened or looked after yet), or none at all. */
  emptyBecause: 'filters' | 'mine' | 'none';
}

const EMPTY = { filters: 'claims.empty', mine: 'claims.emptyMine', none: 'claims.emptyNone' } as const;

/** Rows as drawn (two lines on a desk; a card of five on a phone): the placeholders take as much. */
const ROW_HEIGHT = 61;
const PHONE_ROW_HEIGHT = 141;

/**
 * Server-side paginated claims of the organization (MUI Table); one column of cards on a phone,
 * the first screen of them first and the rest a frame later (a page of 20 cards in one commit is a
 * long task on a phone, as the projects list's was).
 */
export function ClaimsTable(p: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const tenant: ServerColumn<Claim> = {
    id: 'tenant',
    header: t('claims.tenant'),
    width: phone ? undefined : '27%',
    cell: (row) => (
      <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
        <Link component={RouterLink} to={`/claims/${row.id}`} sx={{ display: 'block' }}>
          {row.tenant.firstName} {row.tenant.lastName}
        </Link>
        <Typography variant="caption" color="text.secondary">
          {row.property ? `${row.property.address}, ${row.property.zipCode} ${row.property.city}` : '—'}
        </Typography>
        {row.assignee ? (
          <Typography variant="caption" color="text.secondary" component="p">
            {t('claims.lookedAfterBy', { name: row.assignee.name })}
          </Typography>
        ) : null}
        {phone ? (
          <>
            <Box sx={{ my: 0.5 }}>
              <ClaimStatusChip status={row.status} />
            </Box>
            <Typography variant="body2">
              {t('common.labelValue', { label: t('claims.awaited'), value: t(awaitedKey(row.status, p.intermediary === true)) })}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {t('common.labelValue', { label: t('claims.outstanding'), value: formatMoney(row.amountOutstanding, lang) })} ·{' '}
              {t('common.labelValue', { label: t('claims.firstMonth'), value: formatDate(row.rentDueDate, lang) })}
            </Typography>
          </>
        ) : null}
      </Box>
    ),
  };
  const columns: ServerColumn<Claim>[] = phone
    ? [tenant]
    : [
        tenant,
        { id: 'status', header: t('claims.status'), width: '20%', cell: (row) => <ClaimStatusChip status={row.status} /> },
        { id: 'createdAt', header: t('claims.openedOn'), width: '13%', cell: (row) => formatDate(row.createdAt.slice(0, 10), lang) },
        {
          id: 'amountOutstanding',
          header: t('claims.outstanding'),
          numeric: true,
          width: '13%',
          cell: (row) => formatMoney(row.amountOutstanding, lang),
        },
        { id: 'awaited', header: t('claims.awaited'), width: '27%', cell: (row) => t(awaitedKey(row.status, p.intermediary === true)) },
      ];
  return (
    <ServerTable
      label={t('claims.title')}
      columns={columns}
      list={p.list}
      rowKey={(row) => row.id}
      sort={{
        column: columnOf(p.sort),
        direction: p.sort.startsWith('-') ? 'desc' : 'asc',
        others: Object.keys(SORT_KEYS),
        onChange: (direction, column) => {
          const key = SORT_KEYS[column as keyof typeof SORT_KEYS];
          p.onSort(`${direction === 'desc' ? '-' : ''}${key}` as ClaimRowSort);
        },
      }}
      rowHeight={phone ? PHONE_ROW_HEIGHT : ROW_HEIGHT}
      empty={<Typography color="text.secondary">{t(EMPTY[p.emptyBecause])}</Typography>}
    />
  );
}
