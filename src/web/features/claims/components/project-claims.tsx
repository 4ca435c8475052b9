import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from 'react-router';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CLAIM_STATUSES, labelOf } from '../../../../contract/enums.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { formatDate, formatMoney } from '../../../lib/format.js';
import { currentLang } from '../../../lib/i18n.js';
import { useClaims } from '../api/get-claims.js';

/** The claims of one project: status, first unpaid month, outstanding amount. */
export function ProjectClaims({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const claims = useClaims({ projectId, pageSize: 100 });
  if (claims.isPending) return <Skeleton variant="rounded" height={60} />;
  if (claims.isError) return <ErrorAlert error={claims.error} onRetry={() => void claims.refetch()} />;
  if (claims.data.items.length === 0) return <Typography color="text.secondary">{t('project.noClaims')}</Typography>;
  return (
    <List dense aria-label={t('project.claims')}>
      {claims.data.items.map((c) => (
        <ListItem
          key={c.id}
          disablePadding
          secondaryAction={<Chip size="small" variant="outlined" label={labelOf(CLAIM_STATUSES, c.status, lang)} />}
        >
          <ListItemButton component={RouterLink} to={`/claims/${c.id}`}>
            <ListItemText
              primary={`${formatDate(c.rentDueDate, lang)} · ${formatMoney(c.amountOutstanding, lang)}`}
              secondary={c.metadata.externalReference ?? c.id}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
