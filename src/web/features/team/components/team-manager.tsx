import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../contract/session.js';
import type { TeamLink, TeamMember } from '../../../../contract/team.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { useQuestion } from '../../../lib/use-question.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { Section } from '../../../components/section.js';
import { useChangeMember, type MemberChange } from '../api/change-member.js';
import { useTeam } from '../api/get-team.js';
import { useNewTeamLink } from '../api/team-link.js';
import { InviteForm } from './invite-form.js';
import { LinkDialog } from './link-dialog.js';
import { TeamTable, type RowAction } from './team-table.js';

type Asked = { user: TeamMember; action: 'deactivate' | 'revoke' } | { user: TeamMember; action: 'role'; role: Role } | null;

/** The team page's body (managers): invite, the list with its actions, the link just made, confirmations. */
export function TeamManager({ me }: { me: string }) {
  const { t } = useTranslation();
  const team = useTeam();
  const change = useChangeMember();
  const newLink = useNewTeamLink();
  const [made, setMade] = useState<TeamLink | null>(null);
  const question = useQuestion<NonNullable<Asked>>();
  const asked = question.about;
  const [done, setDone] = useState<string | null>(null);
  const apply = (c: MemberChange, user: TeamMember) => {
    setDone(null);
    change.mutate(c, { onSuccess: () => setDone(t(`team.done.${c.kind}`, { name: user.name })) });
  };
  // a role changes what someone may do: asked first, as a deactivation is
  const onRole = (user: TeamMember, role: Role) => {
    setDone(null);
    if (role !== user.role) question.ask({ user, action: 'role', role });
  };
  const onAction = (user: TeamMember, action: RowAction) => {
    setDone(null);
    if (action === 'deactivate' || action === 'revoke') question.ask({ user, action });
    else if (action === 'reactivate') apply({ id: user.id, kind: 'reactivate' }, user);
    else newLink.mutate({ id: user.id, kind: action === 'resend' ? 'invite' : 'reset' }, { onSuccess: setMade });
  };
  const error = change.error ?? newLink.error;
  return (
    <Stack spacing={3}>
      <Section title={t('team.invite.title')}>
        <InviteForm onMade={setMade} />
      </Section>
      {done ? (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      ) : null}
      {error ? <ErrorAlert error={error} /> : null}
      {team.isPending ? <Skeleton variant="rounded" height={240} /> : null}
      {team.isError ? <ErrorAlert error={team.error} onRetry={() => void team.refetch()} /> : null}
      {team.data ? (
        <Paper sx={{ overflowX: 'auto' }}>
          <TeamTable users={team.data.users} me={me} busy={change.isPending || newLink.isPending} onRole={onRole} onAction={onAction} />
        </Paper>
      ) : null}
      <LinkDialog made={made} onClose={() => setMade(null)} />
      <ConfirmDialog
        open={question.open}
        title={asked ? t(`team.confirm.${asked.action}Title`, { name: asked.user.name }) : ''}
        text={
          asked?.action === 'role'
            ? t('team.confirm.roleText', { from: t(`roles.${asked.user.role}`), to: t(`roles.${asked.role}`) })
            : asked
              ? t(`team.confirm.${asked.action}Text`)
              : ''
        }
        cancel={t('team.confirm.cancel')}
        confirm={asked ? (asked.action === 'role' ? t('team.confirm.role') : t(`team.${asked.action}`)) : ''}
        onCancel={question.close}
        onConfirm={() => {
          if (asked?.action === 'role') apply({ id: asked.user.id, kind: 'role', role: asked.role }, asked.user);
          else if (asked) apply({ id: asked.user.id, kind: asked.action }, asked.user);
          question.close();
        }}
      />
    </Stack>
  );
}
