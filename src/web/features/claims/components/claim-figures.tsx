import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { FigureCards } from '../../../components/figure-cards.js';
import { formatMoney } from '../../../lib/format.js';
import { currentLang } from '../../../lib/i18n.js';
import { useClaimStats } from '../api/claim-reads.js';

/** The claim's counters and totals from the stats endpoint, as figure cards. */
export function ClaimFigures({ claimId }: { claimId: string }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const stats = useClaimStats(claimId);
  if (!stats.data) return <Skeleton variant="rounded" height={90} />;
  const s = stats.data;
  const cards: [string, string][] = [
    [t('workspace.totalRent'), formatMoney(s.totalRent, lang)],
    [t('workspace.totalTenant'), formatMoney(s.totalTenantPayments + s.totalReceivedAtDeclaration, lang)],
    [t('workspace.totalGuarantor'), formatMoney(s.totalPaidByGuarantor, lang)],
    [t('workspace.totalOutstanding'), formatMoney(s.totalOutstanding, lang)],
    [t('workspace.monthsToDeclare'), String(s.monthsToDeclare)],
  ];
  return <FigureCards label={t('workspace.figures')} figures={cards} perRow={5} />;
}
