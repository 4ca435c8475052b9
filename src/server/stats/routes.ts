import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TENANT_MONEY_LABELS } from '../../contract/claim-money.js';
import { partnerToday } from '../../contract/dates.js';
import type { Lang } from '../../contract/enums.js';
import { ClaimFiguresQuerySchema, ClaimFiguresSchema, type ClaimFigures } from '../../contract/stats.js';
import { noStore } from '../auth/plugin.js';
import { CsvFormat } from '../exports/csv.js';
import { ERROR_RESPONSES } from '../schemas.js';
import type { Upstream } from '../upstream/client.js';
import type { TodayProvider } from '../upstream/today.js';
import { readClaimFigures } from './figures.js';

const tags = ['Statistics'];
const managers = { access: { action: 'stats.read' } } as const;

export const FIGURES_COPY = {
  fr: {
    title: 'Chiffres des sinistres',
    generated: 'Généré le',
    period: 'Période (mois d’échéance)',
    allMonths: 'tous les mois déclarés',
    counted: 'Mois comptés',
    header: ['Chiffre', 'Montant'],
    claims: 'Sinistres',
    months: 'Mois déclarés',
    rent: 'Loyers déclarés',
    receivedAtDeclaration: TENANT_MONEY_LABELS.receivedAtDeclaration.fr,
    tenantPayments: TENANT_MONEY_LABELS.paymentsAfterDeclaration.fr,
    guarantor: 'Payé par le garant',
    outstanding: 'Reste dû',
    overpaid: 'Trop-perçu',
  },
  en: {
    title: 'Claims figures',
    generated: 'Generated on',
    period: 'Period (months the rent fell due)',
    allMonths: 'every declared month',
    counted: 'Months counted',
    header: ['Figure', 'Amount'],
    claims: 'Claims',
    months: 'Declared months',
    rent: 'Rents declared',
    receivedAtDeclaration: TENANT_MONEY_LABELS.receivedAtDeclaration.en,
    tenantPayments: TENANT_MONEY_LABELS.paymentsAfterDeclaration.en,
    guarantor: 'Paid by the guarantor',
    outstanding: 'Outstanding',
    overpaid: 'Overpaid',
  },
} as const;

/** The figures as CSV in the user's language (the exports' rules: separator, decimals, dates, BOM). */
export function figuresCsv(f: ClaimFigures, lang: Lang): string {
  const csv = new CsvFormat(lang);
  const c = FIGURES_COPY[lang];
  const span = (a: string | null, b: string | null) => (a || b ? `${a ?? '…'} – ${b ?? '…'}` : c.allMonths);
  const amount = (name: string, v: number) => csv.row([csv.text(name), csv.money(v)]);
  const count = (name: string, v: number) => csv.row([csv.text(name), String(v)]);
  return (
    CsvFormat.BOM +
    [
      csv.row([csv.text(c.title)]),
      // the partner's day (the sandbox's in sandbox mode): the instant's day in Paris, not in UTC
      csv.row([csv.text(c.generated), csv.date(partnerToday(new Date(f.generatedAt)))]),
      csv.row([csv.text(c.period), csv.text(span(f.from, f.to))]),
      csv.row([csv.text(c.counted), csv.text(f.firstMonth ? span(f.firstMonth, f.lastMonth) : '')]),
      '\r\n',
      csv.header(c.header),
      count(c.claims, f.claims),
      count(c.months, f.months),
      amount(c.rent, f.rent),
      amount(c.receivedAtDeclaration, f.receivedAtDeclaration),
      amount(c.tenantPayments, f.tenantPayments),
      amount(c.guarantor, f.guarantor),
      amount(c.outstanding, f.outstanding),
      amount(c.overpaid, f.overpaid),
    ].join('')
  );
}

/**
 * The claims' money over a period, every term of the sum (managers, like the organization's
 * statistics), as JSON for the page and as CSV.
 */
export const statsRoutes: FastifyPluginAsyncZod<{ upstream: Upstream; today: TodayProvider }> = async (app, o) => {
  const figures = async (req: FastifyRequest, q: z.infer<typeof ClaimFiguresQuerySchema>) => {
    const requestId = String(req.id);
    return readClaimFigures(o.upstream, q, requestId, await o.today.now(requestId));
  };
  app.get(
    '/api/stats/claims',
    {
      config: managers,
      schema: {
        tags,
        summary: 'The claims’ money over a period (months the rent fell due), every term of the sum (managers)',
        querystring: ClaimFiguresQuerySchema,
        response: { 200: ClaimFiguresSchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => figures(req, req.query),
  );
  app.get(
    '/api/exports/stats.csv',
    {
      config: managers,
      schema: {
        tags,
        summary: 'The claims’ figures over a period as CSV (fr: `;` and decimal comma; en: `,`; UTF-8 with BOM)',
        querystring: ClaimFiguresQuerySchema.and(z.object({ lang: z.enum(['fr', 'en']).default('fr') })),
        response: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } }, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const { lang, ...q } = req.query;
      const f = await figures(req, q);
      const name = `${lang === 'fr' ? 'chiffres-sinistres' : 'claims-figures'}-${partnerToday(new Date(f.generatedAt))}.csv`;
      noStore(reply);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(figuresCsv(f, lang));
    },
  );
};
