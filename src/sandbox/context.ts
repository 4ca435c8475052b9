import type { Clock } from './clock.js';
import type { Db } from './db/database.js';
import type { Outbox } from './webhooks.js';

/** What every domain function works with: the database, the sandbox clock and the webhook outbox. */
export interface SandboxContext {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  /** Base of the tenants' public journey links (publicUrl). */
  publicBaseUrl: string;
}

export interface Organization {
  id: string;
  name: string;
}
