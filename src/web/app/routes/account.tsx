import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/error-alert.js';
import { RealTimeNote } from '../../components/real-time-note.js';
import { Section } from '../../components/section.js';
import { useSession } from '../../features/auth/api/get-session.js';
import { useAccount } from '../../features/account/api/get-account.js';
import { PasswordForm } from '../../features/account/components/password-form.js';
import { RemindersSwitch } from '../../features/account/components/reminders-switch.js';
import { SessionsList } from '../../features/account/components/sessions-list.js';
import { EmailPreferenceForm } from '../../features/follows/components/email-preference-form.js';
import { FollowedList } from '../../features/follows/components/followed-list.js';

/** My account (every role): my sessions, my password, my reminders, the files I follow and what reaches me by e-mail. */
export default function AccountRoute() {
  const { t } = useTranslation();
  const account = useAccount();
  const session = useSession();
  return (
    <Stack spacing={3} sx={{ maxWidth: 1000 }}>
      <Typography variant="h4" component="h1">
        {t('account.title')}
      </Typography>
      {account.isPending ? <Skeleton variant="rounded" height={320} /> : null}
      {account.isError ? <ErrorAlert error={account.error} onRetry={() => void account.refetch()} /> : null}
      {account.data ? (
        <>
          <Typography>
            {account.data.name} · {account.data.email} · {t(`roles.${account.data.role}`)}
          </Typography>
          <Section title={t('account.sessions.title')}>
            <SessionsList sessions={account.data.sessions} />
            {/* a session's activity is real time, as the audit trail's sign-ins */}
            <RealTimeNote show={session.data?.mode === 'sandbox'} />
          </Section>
          <Section title={t('account.password.title')}>
            <PasswordForm name={account.data.name} email={account.data.email} />
          </Section>
          <Section title={t('account.reminders.title')}>
            <RemindersSwitch enabled={account.data.remindersEnabled} />
          </Section>
          <Section id="follows" title={t('follow.list.title')}>
            <FollowedList />
            {/* since when a file is watched: the real day, as the sessions' */}
            <RealTimeNote show={session.data?.mode === 'sandbox'} />
          </Section>
          <Section title={t('follow.email.title')}>
            <EmailPreferenceForm />
          </Section>
        </>
      ) : null}
    </Stack>
  );
}
