import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../../contract/projects.js';
import { formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';
import { useProjects } from '../api/get-projects.js';
import { JourneyLink } from './journey-link.js';

/**
 * Right after creation: the score, the tenant's journey link to copy, and a warning (not a
 * block: the spec forbids using the email as a key) when another project has the same email.
 */
export function CreatedBanner({ project }: { project: Project }) {
  const { t } = useTranslation();
  const same = useProjects({ search: project.profile.email, pageSize: 100 });
  const duplicates = (same.data?.items ?? []).filter(
    (p) => p.id !== project.id && p.profile.email.toLowerCase() === project.profile.email.toLowerCase(),
  );
  return (
    <Stack spacing={1}>
      <Alert severity="success" role="status">
        {t('project.created', { score: formatMoney(project.score, useLang()) })}
      </Alert>
      <JourneyLink url={project.publicUrl} />
      {duplicates.length > 0 ? <Alert severity="warning">{t('project.duplicateEmail', { email: project.profile.email })}</Alert> : null}
    </Stack>
  );
}
