import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Dispatcher } from 'undici';
import { webhookHeaders } from '../platform/webhook-signing.js';
import { all, run, type Db } from './db/database.js';

/**
 * Webhook outbox. Events are written in the same transaction as the change that causes them,
 * then delivered at least once, signed the Standard Webhooks way, retried with growing delays.
 */
export const EVENT_TYPES = [
  'claim.created',
  'claim.updated',
  'rental_debt.created',
  'rental_debt.updated',
  'rental_debt.receipt.pending_signature',
  'rental_debt.receipt.signed',
  'project.created',
  'project.updated',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000, 3_600_000];

export class Outbox {
  /** While false (seeding), events are not recorded. */
  enabled = true;
  constructor(
    private readonly db: Db,
    private readonly clockTimestamp: () => string,
  ) {}

  emit(orgId: string, type: EventType, data: Record<string, unknown>): void {
    if (!this.enabled) return;
    const id = `evt_${randomUUID().replaceAll('-', '')}`;
    const payload = JSON.stringify({ id, type, createdAt: this.clockTimestamp(), data });
    run(
      this.db,
      'INSERT INTO webhook_events (id, org_id, type, payload, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?)',
      id,
      orgId,
      type,
      payload,
      new Date().toISOString(),
      Date.now(),
    );
  }
}

interface DueEvent {
  id: string;
  org_id: string;
  payload: string;
  attempts: number;
  webhook_url: string | null;
  webhook_secret: string;
}

export interface DelivererOptions {
  retryDelaysMs?: number[];
  timeoutMs?: number;
  intervalMs?: number;
  /** How deliveries connect (the embedded sandbox's to a dashboard serving HTTPS with its own certificate); default: fetch's. */
  dispatcher?: Dispatcher;
}

export class WebhookDeliverer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private readonly delays: number[];
  private readonly timeoutMs: number;
  private readonly intervalMs: number;
  private readonly dispatcher: Dispatcher | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: DelivererOptions = {},
  ) {
    this.delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.intervalMs = options.intervalMs ?? 250;
    this.dispatcher = options.dispatcher;
  }

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** No more deliveries; one under way finishes (and records its outcome) first, before the database closes. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Delivers every due event once; exported for tests. */
  async tick(): Promise<void> {
    if (this.running) return;
    const run = this.deliverDue().finally(() => (this.running = null));
    this.running = run;
    await run;
  }

  private async deliverDue(): Promise<void> {
    const due = all<DueEvent>(
      this.db,
      `SELECT e.id, e.org_id, e.payload, e.attempts, o.webhook_url, o.webhook_secret
       FROM webhook_events e JOIN organizations o ON o.id = e.org_id
       WHERE e.delivered_at IS NULL AND e.failed = 0 AND e.next_attempt_at <= ? AND o.webhook_url IS NOT NULL
       ORDER BY e.created_at, e.rowid LIMIT 50`,
      Date.now(),
    );
    for (const event of due) await this.deliver(event);
  }

  private async deliver(event: DueEvent): Promise<void> {
    let error: string | null = null;
    try {
      // (fetch takes undici's dispatcher beside the standard options)
      const init: RequestInit & { dispatcher?: Dispatcher } = {
        method: 'POST',
        headers: webhookHeaders(event.webhook_secret, event.id, new Date(), event.payload),
        body: event.payload,
        signal: AbortSignal.timeout(this.timeoutMs),
        ...(this.dispatcher ? { dispatcher: this.dispatcher } : {}),
      };
      const res = await fetch(event.webhook_url ?? '', init);
      if (!res.ok) error = `HTTP ${res.status}`;
      await res.body?.cancel();
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const attempts = event.attempts + 1;
    if (error === null) {
      run(
        this.db,
        'UPDATE webhook_events SET attempts = ?, delivered_at = ?, last_error = NULL WHERE id = ?',
        attempts,
        new Date().toISOString(),
        event.id,
      );
      return;
    }
    const delay = this.delays[attempts - 1];
    this.log.warn({ eventId: event.id, attempts, error }, 'webhook delivery failed');
    if (delay === undefined) {
      run(this.db, 'UPDATE webhook_events SET attempts = ?, failed = 1, last_error = ? WHERE id = ?', attempts, error, event.id);
    } else {
      run(
        this.db,
        'UPDATE webhook_events SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?',
        attempts,
        Date.now() + delay,
        error,
        event.id,
      );
    }
  }
}

export interface WebhookEventRow {
  id: string;
  type: string;
  payload: string;
  attempts: number;
  delivered_at: string | null;
  failed: number;
  last_error: string | null;
}

export function listEvents(db: Db, orgId: string, limit = 100): WebhookEventRow[] {
  return all<WebhookEventRow>(
    db,
    'SELECT id, type, payload, attempts, delivered_at, failed, last_error FROM webhook_events WHERE org_id = ? ORDER BY rowid DESC LIMIT ?',
    orgId,
    limit,
  );
}
