import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '../../../../contract/session.js';
import type { TeamMember } from '../../../../contract/team.js';
import { formatDateTime, formatLongDate } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';

export type RowAction = 'resend' | 'revoke' | 'deactivate' | 'reactivate' | 'reset';

const STATE_COLOR = { invited: 'info', active: 'success', deactivated: 'default' } as const;

interface Props {
  users: readonly TeamMember[];
  /** The signed-in manager (their own role and account are not theirs to change). */
  me: string;
  busy: boolean;
  onRole: (user: TeamMember, role: Role) => void;
  onAction: (user: TeamMember, action: RowAction) => void;
}

/**
 * Who uses the dashboard: role (changed in place), state, last sign-in, pending link, and what can
 * be done. On a phone (and a narrow window) one card per person in one column, as the lists draw
 * theirs: the five columns need ~680 px.
 */
export function TeamTable({ users, me, busy, onRole, onAction }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const actionsOf = (u: TeamMember): RowAction[] => {
    if (u.email === me) return [];
    if (u.state === 'invited') return ['resend', 'revoke'];
    if (u.state === 'active') return ['reset', 'deactivate'];
    return ['reactivate'];
  };
  const who = (u: TeamMember) => (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {u.name} {u.email === me ? t('team.you') : null}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {u.email}
      </Typography>
    </>
  );
  const role = (u: TeamMember) => (
    <TextField
      select
      size="small"
      fullWidth
      value={u.role}
      disabled={busy || u.email === me || u.state === 'deactivated'}
      onChange={(e) => onRole(u, e.target.value as Role)}
      slotProps={{ htmlInput: { 'aria-label': t('team.roleOf', { name: u.name }) } }}
    >
      {ROLES.map((r) => (
        <MenuItem key={r} value={r}>
          {t(`roles.${r}`)}
        </MenuItem>
      ))}
    </TextField>
  );
  const state = (u: TeamMember) => (
    <>
      <Chip size="small" color={STATE_COLOR[u.state]} label={t(`team.states.${u.state}`)} />
      {u.link ? (
        <Typography variant="caption" component="p" color="text.secondary">
          {t(u.link.kind === 'invite' ? 'team.pending' : 'team.pendingReset', {
            date: formatLongDate(u.link.expiresAt.slice(0, 10), lang),
          })}
        </Typography>
      ) : null}
    </>
  );
  const lastSignIn = (u: TeamMember) => (u.lastSignInAt ? formatDateTime(u.lastSignInAt, lang) : t('team.never'));
  const actions = (u: TeamMember) => (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label={t('team.actionsOf', { name: u.name })} role="group">
      {actionsOf(u).map((a) => (
        <Button
          key={a}
          size="small"
          variant="outlined"
          color={a === 'deactivate' || a === 'revoke' ? 'error' : 'primary'}
          disabled={busy}
          onClick={() => onAction(u, a)}
          sx={{ textTransform: 'none' }}
        >
          {t(`team.${a}`)}
        </Button>
      ))}
    </Stack>
  );
  if (phone)
    return (
      <Table size="small" aria-label={t('team.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('team.columns.name')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((u) => (
            <TableRow key={u.id}>
              <TableCell>
                <Stack spacing={1.25} sx={{ py: 0.5, alignItems: 'flex-start' }}>
                  <Box>{who(u)}</Box>
                  {role(u)}
                  <Box>{state(u)}</Box>
                  <Typography variant="body2">
                    {t('common.labelValue', { label: t('team.columns.lastSignIn'), value: lastSignIn(u) })}
                  </Typography>
                  {actions(u)}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  return (
    <Table size="small" aria-label={t('team.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('team.columns.name')}</TableCell>
          <TableCell>{t('team.columns.role')}</TableCell>
          <TableCell>{t('team.columns.state')}</TableCell>
          <TableCell>{t('team.columns.lastSignIn')}</TableCell>
          <TableCell>{t('team.columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {users.map((u) => (
          <TableRow key={u.id}>
            <TableCell>{who(u)}</TableCell>
            <TableCell sx={{ minWidth: 170 }}>{role(u)}</TableCell>
            <TableCell>{state(u)}</TableCell>
            <TableCell>{lastSignIn(u)}</TableCell>
            <TableCell>{actions(u)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
