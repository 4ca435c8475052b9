import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TENANT_MONEY_LABELS } from '../../../../contract/claim-money.js';
import { labelIn } from '../../../../contract/enums.js';
import { ClaimFiguresQuerySchema, type ClaimFigures } from '../../../../contract/stats.js';
import { DownloadButton, exportQuery } from '../../../components/download-button.js';
import { PeriodFields } from '../../../components/form/period-fields.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { formatMonth } from '../../../lib/dates.js';
import { formatCompactMoney, formatCount, formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';
import { useUrlParams } from '../../../lib/use-url-params.js';
import { useClaimFigures } from '../api/get-claim-figures.js';
import { CategoryBars } from './category-bars.js';

/** One term of the sum, its sign before it. */
function Term({ sign, label, value }: { sign: string; label: string; value: string }) {
  return (
    <Stack direction="row" component="li" spacing={1} sx={{ alignItems: 'baseline', py: 0.5 }}>
      <Typography component="span" aria-hidden sx={{ width: '1.2em', fontWeight: 600 }}>
        {sign}
      </Typography>
      <Typography component="span" sx={{ flex: 1 }}>
        {label}
      </Typography>
      <Typography component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
        {value}
      </Typography>
    </Stack>
  );
}

function Sum({ f }: { f: ClaimFigures }) {
  const { t } = useTranslation();
  const lang = useLang();
  const money = (v: number) => formatMoney(v, lang);
  return (
    <Stack component="ul" aria-label={t('stats.sum.title')} sx={{ listStyle: 'none', p: 0, m: 0, maxWidth: 560 }}>
      <Term sign="" label={t('stats.sum.rent')} value={money(f.rent)} />
      {/* the tenant's two amounts by the names the claim's page and its statement give them */}
      <Term sign="=" label={labelIn(TENANT_MONEY_LABELS.receivedAtDeclaration, lang)} value={money(f.receivedAtDeclaration)} />
      <Term sign="+" label={labelIn(TENANT_MONEY_LABELS.paymentsAfterDeclaration, lang)} value={money(f.tenantPayments)} />
      <Term sign="+" label={t('stats.sum.guarantor')} value={money(f.guarantor)} />
      <Term sign="+" label={t('stats.sum.outstanding')} value={money(f.outstanding)} />
      {f.overpaid !== 0 ? <Term sign="−" label={t('stats.sum.overpaid')} value={money(f.overpaid)} /> : null}
    </Stack>
  );
}

/**
 * The claims' money over a period chosen in the URL (months the rent fell due), every term of
 * the sum, what the figures cover, and their CSV.
 */
export function ClaimFiguresPanel() {
  const { t } = useTranslation();
  const lang = useLang();
  const { params, update } = useUrlParams();
  const raw = { from: params.get('from') || undefined, to: params.get('to') || undefined };
  const period = ClaimFiguresQuerySchema.safeParse(raw);
  const figures = useClaimFigures(period.success ? period.data : {}, period.success);
  const f = figures.data;
  const month = (m: string) => formatMonth(`${m}-01`, lang);
  const covers = !f
    ? ''
    : f.months === 0
      ? t('stats.sum.none')
      : t('stats.sum.covers', {
          first: month(f.firstMonth ?? ''),
          last: month(f.lastMonth ?? ''),
          months: formatCount(f.months, lang),
          claims: formatCount(f.claims, lang),
          count: f.months,
        });
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="claim-figures-title">
      <Stack spacing={2}>
        <Typography variant="h6" component="h2" id="claim-figures-title">
          {t('stats.sum.title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <PeriodFields
            period={raw}
            labels={{ from: t('stats.sum.from'), to: t('stats.sum.to') }}
            month
            onChange={(field, value) => update({ [field]: value })}
            spacing={2}
            sx={{ width: { xs: '100%', sm: 380 } }}
          />
          {period.success ? (
            <DownloadButton href={`/api/exports/stats.csv?${exportQuery({ from: raw.from, to: raw.to }, lang)}`} label={t('exports.csv')} />
          ) : null}
        </Stack>
        {period.success ? null : (
          <Typography role="alert" color="error">
            {t('stats.sum.badPeriod')}
          </Typography>
        )}
        {figures.isError ? <ErrorAlert error={figures.error} onRetry={() => void figures.refetch()} /> : null}
        {f ? (
          <>
            <Typography color="text.secondary">{covers}</Typography>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Sum f={f} />
              </Stack>
              <Paper component="figure" variant="outlined" sx={{ p: 2, m: 0, flex: 1, minWidth: 0 }} aria-label={t('stats.sum.chart')}>
                <Typography variant="subtitle1" component="figcaption">
                  {t('stats.sum.chart')}
                </Typography>
                <CategoryBars
                  labels={[
                    labelIn(TENANT_MONEY_LABELS.receivedAtDeclaration, lang),
                    labelIn(TENANT_MONEY_LABELS.paymentsAfterDeclaration, lang),
                    t('stats.sum.guarantor'),
                    t('stats.sum.outstanding'),
                  ]}
                  values={[f.receivedAtDeclaration, f.tenantPayments, f.guarantor, f.outstanding]}
                  series={t('stats.amountSeries')}
                  format={(v) => formatMoney(v, lang)}
                  axisFormat={(v) => formatCompactMoney(v, lang)}
                />
              </Paper>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('stats.sum.note')}
            </Typography>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
