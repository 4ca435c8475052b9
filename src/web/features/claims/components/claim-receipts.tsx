import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Claim } from '../../../../contract/claims.js';
import { formatMonth } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';
import { usePendingSignature } from '../api/claim-reads.js';

/**
 * Subrogation receipts awaiting signature. The owner signs them, on the guarantee service's side
 * (the partner API has no operation to sign): the section says so, and what the agency can do,
 * remind the owner (a prepared e-mail to the claim's main owner address).
 */
export function ClaimReceipts({ claim, sender, intermediary = false }: { claim: Claim; sender: string; intermediary?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const pending = usePendingSignature(claim.id);
  const items = pending.data ?? [];
  if (pending.data && items.length === 0) return <Typography color="text.secondary">{t('workspace.noReceipts')}</Typography>;
  const tenant = `${claim.tenant.firstName} ${claim.tenant.lastName}`;
  const months = items.map((d) => formatMonth(d.rentDueDate, lang)).join(', ');
  const mail = `mailto:${encodeURIComponent(claim.mainOwnerEmail).replace('%40', '@')}?subject=${encodeURIComponent(
    t('workspace.remindOwnerSubject', { tenant }),
  )}&body=${encodeURIComponent(t('workspace.remindOwnerBody', { tenant, months, sender }))}`;
  return (
    <Stack spacing={1.5}>
      {items.length > 0 ? (
        <>
          <Typography variant="body2">{t(intermediary ? 'workspace.receiptsWhoYou' : 'workspace.receiptsWho')}</Typography>
          <Button href={mail} variant="outlined" startIcon={<MailOutlinedIcon />} sx={{ alignSelf: 'flex-start' }}>
            {t('workspace.remindOwner')}
          </Button>
        </>
      ) : null}
      <List dense aria-label={t('workspace.receipts')}>
        {items.map((d) => (
          <ListItem key={d.id}>
            <ListItemText
              primary={formatMonth(d.rentDueDate, lang)}
              secondary={`${formatMoney(d.guarantorPaidAmount, lang)} · ${t('receipt.pending')}`}
            />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}
