import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../contract/common.js';
import { useMuiTexts } from '../lib/mui-texts.js';

export interface ServerColumn<T> {
  id: string;
  header: string;
  /** What a cell shows, of its row (a row is drawn again when it or the columns change). */
  cell: (row: T) => ReactNode;
  numeric?: boolean;
  /** Share of the table's width (the widths do not follow the content, so nothing moves when rows come). */
  width?: string;
}

/** One page of a list the server pages: what a list's route hands its table. */
export interface ServerPage<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
  /** No answer yet: rows of the final height stand in, so nothing below moves when they come. */
  pending: boolean;
  /** A new page or order is being read: the current rows stay, a bar says it. */
  fetching: boolean;
  /** The server's read model has never synced (`asOf` null): no row yet says nothing of the organization. */
  syncing?: boolean;
  onPage: (page: number, pageSize: number) => void;
}

/** The page a list's query answered (nothing yet while it reads), at the page and size asked for. */
export function serverPage<T>(
  query: { data?: { items: T[]; total: number; asOf?: number | null } | undefined; isPending: boolean; isFetching: boolean },
  at: Pick<ServerPage<T>, 'page' | 'pageSize' | 'onPage'>,
): ServerPage<T> {
  return {
    rows: query.data?.items ?? [],
    total: query.data?.total ?? 0,
    pending: query.isPending,
    fetching: query.isFetching,
    syncing: query.data?.asOf === null,
    ...at,
  };
}

export interface ServerTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: ServerColumn<T>[];
  list: ServerPage<T>;
  rowKey: (row: T) => string;
  /** Height of one row as it will be drawn, for the placeholders. */
  rowHeight: number;
  empty: ReactNode;
  /** The one column the server sorts by, and the order it is in. */
  sort?: {
    column: string;
    direction: 'asc' | 'desc';
    onChange: (direction: 'asc' | 'desc', column: string) => void;
    /** Other columns the server may sort by (a click sorts by that one, ascending). */
    others?: readonly string[];
  };
}

interface RowProps<T> {
  row: T;
  columns: ServerColumn<T>[];
  height: number;
}

/** One row: each column's `cell` draws its content (the React Compiler skips a row whose row, columns and height are unchanged). */
function Row<T>({ row, columns, height }: RowProps<T>) {
  return (
    <TableRow hover sx={{ height }}>
      {columns.map((c) => (
        <TableCell key={c.id} align={c.numeric ? 'right' : 'left'} sx={{ overflowWrap: 'anywhere' }}>
          {c.cell(row)}
        </TableCell>
      ))}
    </TableRow>
  );
}

/**
 * A list that the server sorts and pages (MUI Table + TablePagination, whose words are given in the
 * UI language by lib/mui-texts): the light alternative to a data grid for lists that need none of its features.
 * On a phone the caller passes one column that says everything (cards in a column).
 */
export function ServerTable<T>({ list, ...p }: ServerTableProps<T>) {
  // as many as a page shows (up to 20: more are far below the fold), so what follows stays put
  const placeholders = Math.min(list.pageSize, 20);
  const fixed = p.columns.length > 1;
  const { t } = useTranslation();
  const mui = useMuiTexts();
  return (
    <Paper variant="outlined" sx={{ position: 'relative' }}>
      {list.fetching && !list.pending ? (
        <LinearProgress aria-hidden sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />
      ) : null}
      <TableContainer>
        <Table aria-label={p.label} aria-busy={list.fetching} size="small" sx={fixed ? { tableLayout: 'fixed', minWidth: 760 } : undefined}>
          <TableHead>
            <TableRow>
              {p.columns.map((c) => {
                const sorted = p.sort?.column === c.id ? p.sort : undefined;
                const sortable = p.sort?.others?.includes(c.id) ? p.sort : undefined;
                return (
                  <TableCell
                    key={c.id}
                    align={c.numeric ? 'right' : 'left'}
                    sx={{ width: c.width, fontWeight: 600, py: 1.5 }}
                    sortDirection={sorted ? sorted.direction : false}
                  >
                    {sorted ? (
                      <TableSortLabel
                        active
                        direction={sorted.direction}
                        onClick={() => sorted.onChange(sorted.direction === 'asc' ? 'desc' : 'asc', c.id)}
                      >
                        {c.header}
                      </TableSortLabel>
                    ) : sortable ? (
                      <TableSortLabel active={false} direction="asc" onClick={() => sortable.onChange('asc', c.id)}>
                        {c.header}
                      </TableSortLabel>
                    ) : (
                      c.header
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.pending
              ? Array.from({ length: placeholders }, (_, i) => (
                  <TableRow key={i} sx={{ height: p.rowHeight }} aria-hidden>
                    {p.columns.map((c) => (
                      <TableCell key={c.id}>
                        <Skeleton variant="text" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : list.rows.map((row) => <Row key={p.rowKey(row)} row={row} columns={p.columns} height={p.rowHeight} />)}
            {!list.pending && list.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={p.columns.length}>
                  <Box sx={{ display: 'grid', placeItems: 'center', gap: 2, py: 6 }}>
                    {/* before the first sync an empty page is not an empty organization */}
                    {list.syncing ? <Typography color="text.secondary">{t('readModel.firstSync')}</Typography> : p.empty}
                  </Box>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        {...mui.pagination}
        component="div"
        count={list.total}
        page={list.total === 0 ? 0 : Math.min(list.page - 1, Math.max(0, Math.ceil(list.total / list.pageSize) - 1))}
        rowsPerPage={list.pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_e, page) => list.onPage(page + 1, list.pageSize)}
        onRowsPerPageChange={(e) => list.onPage(1, Number(e.target.value))}
      />
    </Paper>
  );
}
