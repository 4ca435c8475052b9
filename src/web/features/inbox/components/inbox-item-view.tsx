import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CLAIM_DOCUMENT_TYPES } from '../../../../contract/claims.js';
import { labelOf } from '../../../../contract/enums.js';
import { inboxHref, type InboxItem } from '../../../../contract/inbox.js';
import { PROJECT_DOCUMENT_TYPES } from '../../../../contract/projects.js';
import { formatDate, formatMonth } from '../../../lib/format.js';
import { currentLang } from '../../../lib/i18n.js';

/** What the item asks, in the user's words. */
function useDescription(item: InboxItem): { primary: string; secondary: string | null } {
  const { t } = useTranslation();
  const lang = currentLang();
  switch (item.kind) {
    case 'claim.month':
      return {
        primary: t('inbox.kind.claim_month', { month: formatMonth(item.month, lang) }),
        secondary: t('inbox.late', { days: item.daysLate }),
      };
    case 'claim.documents':
      return {
        primary: t('inbox.kind.claim_documents', { list: item.missing.map((d) => labelOf(CLAIM_DOCUMENT_TYPES, d, lang)).join(', ') }),
        secondary: null,
      };
    case 'claim.receipt':
      return { primary: t('inbox.kind.claim_receipt', { month: formatMonth(item.month, lang) }), secondary: null };
    case 'project.documents':
      return {
        primary:
          item.missing.length > 0
            ? t('inbox.kind.project_documents', { list: item.missing.map((d) => labelOf(PROJECT_DOCUMENT_TYPES, d, lang)).join(', ') })
            : t('inbox.kind.project_documentsReady'),
        secondary: item.rejectionReason ? t('inbox.rejected', { reason: item.rejectionReason }) : null,
      };
    case 'project.rent':
      return { primary: t('inbox.kind.project_rent'), secondary: null };
    case 'project.waiting':
      return { primary: t('inbox.kind.project_waiting', { what: t(`inbox.waitingOn.${item.status}`), days: item.days }), secondary: null };
    case 'project.ending':
      return { primary: t('inbox.kind.project_ending', { since: formatDate(item.since, lang) }), secondary: null };
  }
}

/** One thing to do: who it concerns, what to do, and a link to the exact place where it is done. */
export function InboxItemView({ item }: { item: InboxItem }) {
  const { t } = useTranslation();
  const { primary, secondary } = useDescription(item);
  const tenant = `${item.tenant.firstName} ${item.tenant.lastName}`;
  // months are declared in order: a later month's link shows it, the next one's declares it
  const action =
    item.kind === 'claim.month' && !item.next ? t('inbox.action.claim_later') : t(`inbox.action.${item.kind.replace('.', '_')}`);
  return (
    <ListItem
      divider
      secondaryAction={
        <Button component={RouterLink} to={inboxHref(item)} size="small" aria-label={`${action} : ${tenant}, ${primary}`}>
          {action}
        </Button>
      }
    >
      <ListItemText
        primary={`${tenant} — ${primary}`}
        secondary={secondary}
        slotProps={{ secondary: { color: item.kind === 'claim.month' ? 'error' : 'text.secondary' } }}
        sx={{ pr: 20 }}
      />
    </ListItem>
  );
}
