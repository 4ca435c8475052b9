import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { reminderFor } from '../../contract/inbox.js';
import type { Project } from '../../contract/projects.js';
import { reminderHref } from '../features/inbox/reminder.js';
import { JourneyLink } from '../features/projects/components/journey-link.js';
import { useLang } from '../lib/i18n.js';

/**
 * While a project waits on the tenant (payment, their signature) or the owner (theirs): the link
 * of the tenant's journey and the prepared reminder e-mail, on the project page itself, not only
 * right after creation or in the work queue.
 */
export function ProjectFollowUp({ project, sender }: { project: Project; sender: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const describedBy = useId();
  const reminder = reminderFor(project);
  if (!reminder) return null;
  const line = { status: project.status, tenant: project.profile, since: project.updatedAt.slice(0, 10), reminder };
  const mail = reminderHref(line, t, lang, sender);
  const name = `${reminder.firstName} ${reminder.lastName}`;
  return (
    <Stack spacing={1.5}>
      {reminder.to === 'tenant' && reminder.publicUrl ? <JourneyLink url={reminder.publicUrl} /> : null}
      {mail ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ alignItems: { sm: 'center' } }}>
          <Button href={mail} variant="outlined" startIcon={<MailOutlineIcon />} aria-describedby={describedBy} sx={{ flexShrink: 0 }}>
            {t('inbox.remind')}
          </Button>
          <Typography id={describedBy} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t(reminder.to === 'tenant' && reminder.publicUrl ? 'inbox.remindToTenant' : 'inbox.remindTo', { name, email: reminder.email })}
          </Typography>
        </Stack>
      ) : null}
    </Stack>
  );
}
