import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../../contract/projects.js';
import { formatDate } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';

/** What the agency sent about the tenant: how to reach them, their birth date, and the agency's own reference. */
export function ProjectContact({ project }: { project: Project }) {
  const { t } = useTranslation();
  const { email, phone, dateOfBirth } = project.profile;
  const reference = project.metadata.externalLeadId;
  const item = (label: string, value: ReactNode) => (
    <Typography variant="body2" component="p">
      <Typography component="span" variant="body2" color="text.secondary">
        {label}
      </Typography>{' '}
      {value}
    </Typography>
  );
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={{ xs: 0.5, md: 3 }}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
      aria-label={t('project.contact')}
      component="section"
    >
      {item(t('project.contactEmail'), <Link href={`mailto:${email}`}>{email}</Link>)}
      {item(t('project.contactPhone'), <Link href={`tel:${phone.phoneFormated}`}>{phone.phoneFormated}</Link>)}
      {item(t('project.contactBirth'), formatDate(dateOfBirth, useLang()))}
      {reference ? item(t('project.contactReference'), reference) : null}
    </Stack>
  );
}
