import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { may } from '../../../../contract/access.js';
import { ASSIGN_ME, mayChangeAssignment, type AssignedKind, type AssignmentSide } from '../../../../contract/assignments.js';
import type { Role } from '../../../../contract/session.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { formatDate } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';
import { useAssignment } from '../api/get-assignment.js';
import { useColleagues } from '../api/get-colleagues.js';
import { useSetAssignment } from '../api/set-assignment.js';

const NOBODY = '';

/**
 * "Suivi par / Looked after by": staff and managers choose a colleague, themselves or nobody (a
 * native select: the phone's own picker); intermediaries read who it is, take a file nobody looks
 * after and let go of their own (mayChangeAssignment, as the server).
 */
/** A small select (40 px), the gap and its status line (20 px); the name (24 px), the gap and its date line. */
const SELECT_HEIGHT = 68;
const READ_HEIGHT = 48;

export function AssigneeControl({ kind, id, role }: { kind: AssignedKind; id: string; role: Role }) {
  const { t } = useTranslation();
  const lang = useLang();
  const statusId = useId();
  const mayAssign = may(role, 'file.assign');
  const assignment = useAssignment(kind, id);
  const colleagues = useColleagues(mayAssign);
  const save = useSetAssignment(kind, id);

  // the same height loading and loaded (the select and its status line, or the name and its date),
  // so what follows on the page (the claim's chart) never moves when it comes
  const height = mayAssign ? SELECT_HEIGHT : READ_HEIGHT;
  if (assignment.isPending || (mayAssign && colleagues.isPending))
    return <Skeleton variant="rounded" height={height} sx={{ maxWidth: 360 }} />;
  if (assignment.isError) return <ErrorAlert error={assignment.error} onRetry={() => void assignment.refetch()} />;
  const a = assignment.data;
  const since =
    a.assignedAt && a.assignedBy ? t('assignment.since', { date: formatDate(a.assignedAt, lang), by: a.assignedBy.name }) : null;
  if (!mayAssign || !colleagues.data) {
    const current: AssignmentSide = a.mine ? 'me' : a.assignee ? 'other' : 'nobody';
    // what the reader may do here: let it go (it is theirs), or take it (the rule says when)
    const change = a.mine ? null : ASSIGN_ME;
    const offered = mayChangeAssignment(role, { to: a.mine ? 'nobody' : 'me', current });
    return (
      <Stack spacing={0.5} sx={{ minHeight: height }}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography>
            {t('common.labelValue', {
              label: t('assignment.label'),
              value: a.mine ? t('assignment.you', { name: a.assignee?.name ?? '' }) : (a.assignee?.name ?? t('assignment.nobody')),
            })}
          </Typography>
          {offered ? (
            <Button
              size="small"
              variant="outlined"
              disabled={save.isPending}
              onClick={() => save.mutate(change)}
              aria-describedby={statusId}
            >
              {t(change ? 'assignment.take' : 'assignment.letGo')}
            </Button>
          ) : null}
        </Stack>
        <Typography id={statusId} color="text.secondary" variant="body2" role="status">
          {save.isSuccess ? (save.data.mine ? t('assignment.taken') : t('assignment.savedNobody')) : since}
        </Typography>
        {save.isError ? <ErrorAlert error={save.error} /> : null}
        {colleagues.isError ? <ErrorAlert error={colleagues.error} onRetry={() => void colleagues.refetch()} /> : null}
      </Stack>
    );
  }
  const { me } = colleagues.data;
  const others = colleagues.data.colleagues.filter((c) => c.id !== me);
  const myName = colleagues.data.colleagues.find((c) => c.id === me)?.name ?? '';
  // someone no longer in the list (deactivated since) is still shown as the current choice
  const gone = a.assignee && !colleagues.data.colleagues.some((c) => c.id === a.assignee?.id) ? a.assignee : null;
  return (
    <Stack spacing={1} sx={{ maxWidth: 360, minHeight: height }}>
      <TextField
        select
        label={t('assignment.label')}
        value={save.isPending ? (save.variables ?? NOBODY) : (a.assignee?.id ?? NOBODY)}
        disabled={save.isPending}
        onChange={(e) => save.mutate(e.target.value === NOBODY ? null : e.target.value)}
        // a native select always shows a choice ("Personne" too): its label stays above, never on it
        slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': statusId } }}
        size="small"
      >
        <option value={NOBODY}>{t('assignment.nobody')}</option>
        <option value={me}>{t('assignment.me', { name: myName })}</option>
        {gone ? <option value={gone.id}>{gone.name}</option> : null}
        {others.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </TextField>
      <Typography id={statusId} color="text.secondary" variant="body2" role="status">
        {save.isSuccess
          ? save.data.assignee
            ? t('assignment.saved', { name: save.data.assignee.name })
            : t('assignment.savedNobody')
          : since}
      </Typography>
      {save.isError ? <ErrorAlert error={save.error} /> : null}
    </Stack>
  );
}
