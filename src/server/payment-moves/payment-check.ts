import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ClaimParamsSchema, TenantPaymentSchema, type TenantPayment } from '../../contract/claims.js';
import { toCents } from '../../contract/money.js';
import { OPERATIONS } from '../../contract/paths.js';
import { PaymentCheckBodySchema, PaymentCheckSchema, paymentCheckPath, type PaymentCheck } from '../../contract/payment-check.js';
import { noteOf } from '../audit/plugin.js';
import { checkCsrf, noStore, requireUser } from '../auth/plugin.js';
import { roleAllows } from '../auth/roles.js';
import { HttpError } from '../http-error.js';
import type { IntermediaryScope } from '../routes/intermediary-scope.js';
import { ERROR_RESPONSES } from '../schemas.js';
import type { Upstream } from '../upstream/client.js';
import type { IdempotencyStore } from '../upstream/idempotency.js';
import { readJson } from '../upstream/read.js';
import type { TodayProvider } from '../upstream/today.js';

/** Gated like sending the payment again (role, then scope). */
const ADD_PAYMENT = OPERATIONS.find((op) => op.id === 'addPayment');

/**
 * How far before the attempt's start (on our clock, moved onto the partner's) a payment's
 * createdAt still counts as the attempt's: the partner stamps it after our send, so only a partner
 * clock behind ours needs this. The replicas already trust clocks to agree within a lease (5 s,
 * NTP); a wider margin would take an identical payment recorded a moment before for this one.
 */
export const PARTNER_CLOCK_SKEW_MS = 30_000;

export interface PaymentCheckOptions {
  upstream: Upstream;
  scope: IntermediaryScope;
  idempotency: IdempotencyStore;
  today: TodayProvider;
  publicOrigin: string | null;
  /** A payment found carried out: what follows a payment recorded through the proxy (the read model, the other replicas, its allocation). */
  onFound: (claimId: string, payment: TenantPayment, requestId: string) => Promise<void>;
}

/**
 * POST /api/claims/{claimId}/payment-check: after 409 IDEMPOTENCY_KEY_INTERRUPTED on a tenant
 * payment, whether it reached the partner. The server looks, not the browser: it alone knows when
 * the interrupted attempt began (the key's claim, on its own clock, moved onto the partner's, which
 * the sandbox moves by days) and that the key and body are that attempt's (its fingerprint); and
 * what was found goes into the audit trail from what the server read itself, not from what a
 * browser says it saw. Found, the key answers that payment from then on (a repeat sends nothing).
 */
export const paymentCheckRoutes: FastifyPluginAsyncZod<PaymentCheckOptions> = async (app, o) => {
  app.post(
    paymentCheckPath(':claimId'),
    {
      config: { audit: 'checkPayment' },
      schema: {
        tags: ['Claims (dashboard)'],
        summary:
          'After an interrupted tenant payment (409 IDEMPOTENCY_KEY_INTERRUPTED): whether the partner recorded a payment of that amount and date since the attempt began',
        params: ClaimParamsSchema,
        body: PaymentCheckBodySchema,
        response: { 200: PaymentCheckSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply): Promise<PaymentCheck> => {
      const user = requireUser(req);
      const claimId = req.params.claimId;
      const { idempotencyKey, payment } = req.body;
      const note = noteOf(req);
      note.claimId = claimId;
      note.details = { amount: payment.amount, applyDate: payment.applyDate };
      if (!ADD_PAYMENT || !roleAllows(user.role, ADD_PAYMENT))
        throw new HttpError('FORBIDDEN_ROLE', `The ${user.role} role cannot record payments.`);
      checkCsrf(req, o.publicOrigin, true);
      noStore(reply);
      const requestId = String(req.id);
      if (user.role === 'intermediary') await o.scope.check(ADD_PAYMENT, [claimId], requestId);
      // the request as the proxy fingerprinted it: its operation, its exact path, its body as sent
      const print = { operation: 'addPayment', path: `/v1/claims/${claimId}/payments`, body: payment };
      const attempt = await o.idempotency.attempt(idempotencyKey, user.email, print);
      if (!attempt)
        throw new HttpError(
          'NOT_FOUND',
          'No interrupted tenant payment of yours with this Idempotency-Key and body (unknown, older than 24 hours, or still in flight): send it again with the same key to hear its answer.',
        );
      note.details = { ...note.details, attemptAt: new Date(attempt.since).toISOString() };
      const onPartnerClock = await o.today.onPartnerClock(requestId);
      const since = onPartnerClock(attempt.since);
      let found: TenantPayment[];
      if (attempt.answer) {
        // its answer was noted after all (a repeat's wait was over): that is the payment
        let body: unknown = null;
        try {
          body = JSON.parse(attempt.answer.body);
        } catch {
          // not JSON: checked against its schema when it was answered, so never so
        }
        const answered = TenantPaymentSchema.safeParse(body);
        found = answered.success ? [answered.data] : [];
      } else {
        const cents = toCents(payment.amount);
        const listed = await readJson(o.upstream, `/v1/claims/${claimId}/payments`, requestId, z.array(TenantPaymentSchema));
        found = listed
          .filter(
            (p) =>
              toCents(p.amount) === cents && p.applyDate === payment.applyDate && Date.parse(p.createdAt) >= since - PARTNER_CLOCK_SKEW_MS,
          )
          .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
        const first = found[0];
        if (first) {
          await o.idempotency.settle(idempotencyKey, user.email, attempt.since, {
            status: 201,
            contentType: 'application/json; charset=utf-8',
            body: JSON.stringify(first),
          });
          await o.onFound(claimId, first, requestId);
        }
      }
      const arrived = found.length > 0;
      note.details = { ...note.details, arrived, ...(found[0] ? { paymentId: found[0].id } : {}) };
      return { arrived, since: new Date(since).toISOString(), found };
    },
  );
};
