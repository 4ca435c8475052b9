import { useTranslation } from 'react-i18next';
import { FigureCards } from '../../../components/figure-cards.js';
import { formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';
import { useClaimStats } from '../api/claim-reads.js';

/** The claim's counters and totals from the stats endpoint, as figure cards. */
export function ClaimFigures({ claimId }: { claimId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const stats = useClaimStats(claimId);
  const s = stats.data;
  // while they are read, the cards are drawn with their labels (the same layout: nothing moves when the values come)
  const value = (write: (figures: NonNullable<typeof s>) => string) => (s ? write(s) : '…');
  const cards: [string, string][] = [
    [t('workspace.totalRent'), value((f) => formatMoney(f.totalRent, lang))],
    [t('workspace.totalTenant'), value((f) => formatMoney(f.totalTenantPayments + f.totalReceivedAtDeclaration, lang))],
    [t('workspace.totalGuarantor'), value((f) => formatMoney(f.totalPaidByGuarantor, lang))],
    [t('workspace.totalOutstanding'), value((f) => formatMoney(f.totalOutstanding, lang))],
    [t('workspace.monthsToDeclare'), value((f) => String(f.monthsToDeclare))],
  ];
  return <FigureCards label={t('workspace.figures')} figures={cards} perRow={5} />;
}
