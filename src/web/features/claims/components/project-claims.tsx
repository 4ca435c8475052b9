import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from 'react-router';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CLAIM_STATUSES, labelOf } from '../../../../contract/enums.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { formatDate } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';
import { useActiveClaim } from '../api/get-claims.js';

/**
 * The claims of one project (first unpaid month, outstanding amount, status), then the next
 * move: open a claim on an active contract, or, when one is already open (one active claim per
 * project, E0176), a link to it. An active contract whose lease starts later says from when
 * (`opensOn`): nothing is owed before.
 */
export function ProjectClaims({ projectId, canOpen, opensOn }: { projectId: string; canOpen: boolean; opensOn?: string | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { claims, active } = useActiveClaim(projectId);
  if (claims.isPending) return <Skeleton variant="rounded" height={60} />;
  if (claims.isError) return <ErrorAlert error={claims.error} onRetry={() => void claims.refetch()} />;
  return (
    <>
      {claims.data.items.length === 0 ? <Typography color="text.secondary">{t('claims.noneOnProject')}</Typography> : null}
      {claims.data.items.length > 0 ? (
        <List dense aria-label={t('claims.onProject')}>
          {claims.data.items.map((c) => (
            <ListItem key={c.id} disablePadding>
              <ListItemButton component={RouterLink} to={`/claims/${c.id}`}>
                <ListItemText
                  primary={
                    <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                      <span>{t('claim.since', { date: formatDate(c.rentDueDate, lang) })}</span>
                      <Chip size="small" variant="outlined" label={labelOf(CLAIM_STATUSES, c.status, lang)} />
                    </Stack>
                  }
                  slotProps={{ primary: { component: 'div' } }}
                  secondary={[
                    t('claim.outstandingShort', { amount: formatMoney(c.amountOutstanding, lang) }),
                    c.metadata.externalReference ? t('claim.reference', { reference: c.metadata.externalReference }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      ) : null}
      {active ? (
        <Button component={RouterLink} to={`/claims/${active.id}`} variant="outlined" sx={{ mt: 2 }}>
          {t('claim.seeActive')}
        </Button>
      ) : canOpen && opensOn ? (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('claim.notStarted', { date: formatDate(opensOn, lang) })}
        </Typography>
      ) : canOpen ? (
        <Button component={RouterLink} to={`/projects/${projectId}/claims/new`} variant="outlined" sx={{ mt: 2 }}>
          {t('claim.open')}
        </Button>
      ) : null}
    </>
  );
}
