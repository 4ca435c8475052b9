import { useTranslation } from 'react-i18next';
import { TENANT_MONEY_LABELS } from '../../../../contract/claim-money.js';
import { labelIn } from '../../../../contract/enums.js';
import { sumEuros } from '../../../../contract/money.js';
import { claimOverpaid } from '../../../../contract/stats.js';
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
      // its two parts, each name and its amount on lines of their own, drawn while they are read too: the
      // card keeps its height when the amounts come (on a phone a name and its amount wrapped, moving the page)
      [
        `${labelled(said('receivedAtDeclaration'), lang)}\n${value((f) => formatMoney(f.totalReceivedAtDeclaration, lang))}`,
        `${labelled(said('paymentsAfterDeclaration'), lang)}\n${value((f) => formatMoney(f.totalTenantPayments, lang))}`,
      ],
    ],
    [t('workspace.totalGuarantor'), value((f) => formatMoney(f.totalPaidByGuarantor, lang))],
    [t('workspace.totalOutstanding'), value((f) => formatMoney(f.totalOutstanding, lang))],
    // what came in beyond the rents: without it, the cards would not add up to the rents declared
    [t('workspace.totalOverpaid'), value((f) => formatMoney(claimOverpaid(f), lang))],
    [t('workspace.monthsToDeclare'), value((f) => String(f.monthsToDeclare))],
  ];
  return <FigureCards label={t('workspace.figures')} figures={cards} perRow={6} />;
}
