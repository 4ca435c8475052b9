import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatMonth } from '../../../lib/format.js';
import { currentLang } from '../../../lib/i18n.js';
import { useClaimStats } from '../api/claim-reads.js';

/** Month by month: what the tenant paid, what the guarantor paid, what remains due (stacked). */
export function ClaimMonthsChart({ claimId }: { claimId: string }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const stats = useClaimStats(claimId);
  const months = stats.data?.byMonth ?? [];
  if (months.length === 0) return null;
  const money = (v: number | null) => (v === null ? '' : formatMoney(v, lang));
  return (
    <figure style={{ margin: 0 }} aria-label={t('workspace.chart')}>
      <BarChart
        height={260}
        xAxis={[{ scaleType: 'band', data: months.map((m) => formatMonth(`${m.month}-01`, lang)) }]}
        series={[
          { data: months.map((m) => m.tenantAmount), label: t('workspace.totalTenant'), stack: 'paid', valueFormatter: money },
          { data: months.map((m) => m.guarantorAmount), label: t('workspace.totalGuarantor'), stack: 'paid', valueFormatter: money },
          { data: months.map((m) => m.amountDue), label: t('workspace.totalOutstanding'), stack: 'paid', valueFormatter: money },
        ]}
      />
      <figcaption style={{ position: 'absolute', left: -9999 }}>{t('workspace.chart')}</figcaption>
    </figure>
  );
}
