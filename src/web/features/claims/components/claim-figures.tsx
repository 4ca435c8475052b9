import { useTranslation } from 'react-i18next';
import { TENANT_MONEY_LABELS } from '../../../../contract/claim-money.js';
import { labelIn } from '../../../../contract/enums.js';
import { sumEuros } from '../../../../contract/money.js';
import { labelled } from '../../../../contract/wording.js';
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
  const said = (k: keyof typeof TENANT_MONEY_LABELS) => labelIn(TENANT_MONEY_LABELS[k], lang);
  const cards: [string, string, string[]?][] = [
    [t('workspace.totalRent'), value((f) => formatMoney(f.totalRent, lang))],
    // all the tenant paid, made of the two amounts the debt statement lists by the same names
    [
      said('paidByTenant'),
      value((f) => formatMoney(sumEuros([f.totalReceivedAtDeclaration, f.totalTenantPayments]), lang)),
      s
        ? [
            `${labelled(said('receivedAtDeclaration'), lang)} ${formatMoney(s.totalReceivedAtDeclaration, lang)}`,
            `${labelled(said('paymentsAfterDeclaration'), lang)} ${formatMoney(s.totalTenantPayments, lang)}`,
          ]
        : undefined,
    ],
    [t('workspace.totalGuarantor'), value((f) => formatMoney(f.totalPaidByGuarantor, lang))],
    [t('workspace.totalOutstanding'), value((f) => formatMoney(f.totalOutstanding, lang))],
    [t('workspace.monthsToDeclare'), value((f) => String(f.monthsToDeclare))],
  ];
  return <FigureCards label={t('workspace.figures')} figures={cards} perRow={5} />;
}
