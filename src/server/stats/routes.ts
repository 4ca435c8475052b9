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
import { wordsIn } from '../i18n/words.js';

const tags = ['Statistics'];
const managers = { access: { action: 'stats.read' } } as const;

/** The figures as CSV in the user's language (the exports' rules: separator, decimals, dates, BOM). */
export function figuresCsv(f: ClaimFigures, lang: Lang): string {
  const csv = new CsvFormat(lang);
  const w = wordsIn(lang);
  const span = (a: string | null, b: string | null) => (a || b ? `${a ?? '…'} – ${b ?? '…'}` : w('figuresCsv.allMonths'));
  const amount = (name: string, v: number) => csv.row([csv.text(name), csv.money(v)]);
  const count = (name: string, v: number) => csv.row([csv.text(name), String(v)]);
  return (
    CsvFormat.BOM +
    [
      csv.row([csv.text(w('figuresCsv.title'))]),
      // the partner's day (the sandbox's in sandbox mode): the instant's day in Paris, not in UTC
      csv.row([csv.text(w('figuresCsv.generated')), csv.date(partnerToday(new Date(f.generatedAt)))]),
      csv.row([csv.text(w('figuresCsv.period')), csv.text(span(f.from, f.to))]),
      csv.row([csv.text(w('figuresCsv.counted')), csv.text(f.firstMonth ? span(f.firstMonth, f.lastMonth) : '')]),
      '\r\n',
      csv.header([w('figuresCsv.figure'), w('figuresCsv.amount')]),
      count(w('figuresCsv.claims'), f.claims),
      count(w('figuresCsv.months'), f.months),
      amount(w('figuresCsv.rent'), f.rent),
      amount(TENANT_MONEY_LABELS.receivedAtDeclaration[lang], f.receivedAtDeclaration),
      amount(TENANT_MONEY_LABELS.paymentsAfterDeclaration[lang], f.tenantPayments),
      amount(w('figuresCsv.guarantor'), f.guarantor),
      amount(w('figuresCsv.outstanding'), f.outstanding),
      amount(w('figuresCsv.overpaid'), f.overpaid),
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
