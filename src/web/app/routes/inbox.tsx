import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/error-alert.js';
import { useSession } from '../../features/auth/api/get-session.js';
import { useInbox } from '../../features/inbox/api/get-inbox.js';
import { InboxSection } from '../../features/inbox/components/inbox-section.js';
import { formatDateTime } from '../../lib/format.js';
import { currentLang } from '../../lib/i18n.js';

/** The home page: what awaits the signed-in user today, kept live by the partner's events. */
export default function InboxRoute() {
  const { t } = useTranslation();
  const lang = currentLang();
  const session = useSession();
  const inbox = useInbox();
  const showProjects = session.data?.user.role !== 'intermediary';
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          {t('inbox.title')}
        </Typography>
        <Typography color="text.secondary">{t('inbox.intro')}</Typography>
        <Typography variant="caption" color="text.secondary" aria-live="polite">
          {inbox.data ? t('inbox.updated', { time: formatDateTime(inbox.data.generatedAt, lang) }) : ''}
        </Typography>
      </div>
      {inbox.isError ? <ErrorAlert error={inbox.error} onRetry={() => void inbox.refetch()} /> : null}
      <InboxSection items={inbox.data?.claims} pending={inbox.isPending} label={t('inbox.claims')} empty={t('inbox.nothingClaims')} />
      {showProjects ? (
        <InboxSection
          items={inbox.data?.projects}
          pending={inbox.isPending}
          label={t('inbox.projects')}
          empty={t('inbox.nothingProjects')}
        />
      ) : null}
    </Stack>
  );
}
