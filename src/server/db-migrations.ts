import { randomUUID } from 'node:crypto';
import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './db/db.js';

/**
 * The versioned schema of the server's state, the same steps for SQLite and PostgreSQL (only the
 * column types that differ are chosen per dialect). Applied in name order at start and by
 * `npm run db:migrate`; a step, once released, is never edited: add the next one.
 */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  const pgsql = dialect === 'postgres';
  /** Times in milliseconds since 1970 (beyond 32 bits). */
  const ms = pgsql ? 'bigint' : 'integer';
  return {
    // The schema the server created before it had migrations: an existing server.sqlite already
    // has these tables (hence IF NOT EXISTS), a new database gets them here.
    '001_baseline': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('sessions')
          .ifNotExists()
          .addColumn('id_hash', 'text', (c) => c.primaryKey())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('csrf', 'text', (c) => c.notNull())
          .addColumn('created_at', ms, (c) => c.notNull())
          .addColumn('last_seen', ms, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('idempotency')
          .ifNotExists()
          .addColumn('key', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('operation', 'text', (c) => c.notNull())
          .addColumn('fingerprint', 'text', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('content_type', 'text')
          .addColumn('body', 'text', (c) => c.notNull())
          .addColumn('created_at', ms, (c) => c.notNull())
          .addPrimaryKeyConstraint('idempotency_pk', ['key', 'email'])
          .execute();
        await db.schema
          .createTable('partner_events')
          .ifNotExists()
          .addColumn('seq', pgsql ? 'bigserial' : 'integer', (c) => (pgsql ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('id', 'text', (c) => c.notNull().unique())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('payload', 'text', (c) => c.notNull())
          .addColumn('received_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('declarant')
          .ifNotExists()
          .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
          .addColumn('legal_info', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addColumn('updated_by', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('claim_files')
          .ifNotExists()
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('claim_id', 'text', (c) => c.notNull())
          .addColumn('document_type', 'integer', (c) => c.notNull())
          .addColumn('file_name', 'text', (c) => c.notNull())
          .addColumn('content_type', 'text', (c) => c.notNull())
          .addColumn('size', ms, (c) => c.notNull())
          .addColumn('comment', 'text')
          .addColumn('uploaded_at', 'text', (c) => c.notNull())
          .addColumn('uploaded_by_email', 'text', (c) => c.notNull())
          .addColumn('uploaded_by', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('claim_files_by_claim').ifNotExists().on('claim_files').columns(['claim_id', 'uploaded_at']).execute();
      },
    },
    // State shared by replicas: a key claimed before its answer exists (status and body null while
    // pending), the users (seeded from the users file or the sandbox's), the sign-in throttle.
    '002_shared_state': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('idempotency_next')
          .addColumn('key', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('operation', 'text', (c) => c.notNull())
          .addColumn('fingerprint', 'text', (c) => c.notNull())
          .addColumn('status', 'integer')
          .addColumn('content_type', 'text')
          .addColumn('body', 'text')
          .addColumn('created_at', ms, (c) => c.notNull())
          .addPrimaryKeyConstraint('idempotency_key_pk', ['key', 'email'])
          .execute();
        await sql`INSERT INTO idempotency_next (key, email, operation, fingerprint, status, content_type, body, created_at)
          SELECT key, email, operation, fingerprint, status, content_type, body, created_at FROM idempotency`.execute(db);
        await db.schema.dropTable('idempotency').execute();
        await db.schema.alterTable('idempotency_next').renameTo('idempotency').execute();
        await db.schema.createIndex('idempotency_by_age').on('idempotency').column('created_at').execute();
        await db.schema.createIndex('sessions_by_last_seen').ifNotExists().on('sessions').column('last_seen').execute();
        await db.schema
          .createTable('users')
          .addColumn('email', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('updated_at', ms, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('login_failures')
          .addColumn('pair', 'text', (c) => c.primaryKey())
          .addColumn('failures', 'integer', (c) => c.notNull())
          .addColumn('last', ms, (c) => c.notNull())
          .addColumn('not_before', ms, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('login_failures_by_last').on('login_failures').column('last').execute();
      },
    },
    // The per-address request limits (sign-in), counted across replicas: one row per key and window.
    '003_rate_limits': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('rate_limits')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('window_start', ms, (c) => c.notNull())
          .addColumn('count', 'integer', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('rate_limits_by_window').on('rate_limits').column('window_start').execute();
      },
    },
    // A pending key is a lease its replica renews while the request is in flight: a replica that
    // dies stops renewing, and the repeats learn it within seconds (status 0: interrupted).
    '004_idempotency_lease': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('idempotency').addColumn('lease_until', ms).execute();
      },
    },
    // Each tenant payment's allocation as first seen, so that a payment the partner spreads again
    // without a change to it is shown as moved (issue 24), never silently.
    '005_payment_allocations': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('payment_allocations')
          .addColumn('payment_id', 'text', (c) => c.primaryKey())
          .addColumn('claim_id', 'text', (c) => c.notNull())
          .addColumn('first', 'text', (c) => c.notNull())
          .addColumn('first_seen_on', 'text', (c) => c.notNull())
          .addColumn('moved', 'text')
          .addColumn('moved_on', 'text')
          .execute();
        await db.schema.createIndex('payment_allocations_by_claim').on('payment_allocations').column('claim_id').execute();
      },
    },
    // The audit trail (issue 27): append-only. Each record carries the hash of the one before it in
    // its chain (one chain per organization); triggers refuse any UPDATE, and any DELETE except of
    // records that retention announced first in audit_anchors (also append-only), so that the
    // chain stays verifiable from the first kept record.
    '007_team_audit': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('audit_log')
          .addColumn('seq', pgsql ? 'bigserial' : 'integer', (c) => (pgsql ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('chain', 'text', (c) => c.notNull())
          .addColumn('at', ms, (c) => c.notNull())
          .addColumn('actor_id', 'text')
          .addColumn('actor_name', 'text')
          .addColumn('actor_role', 'text')
          .addColumn('operation', 'text', (c) => c.notNull())
          .addColumn('project_id', 'text')
          .addColumn('claim_id', 'text')
          .addColumn('details', 'text', (c) => c.notNull())
          .addColumn('result', 'text', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('request_id', 'text', (c) => c.notNull())
          .addColumn('address', 'text', (c) => c.notNull())
          .addColumn('prev_hash', 'text', (c) => c.notNull())
          .addColumn('hash', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('audit_by_chain').on('audit_log').columns(['chain', 'seq']).execute();
        await db.schema.createIndex('audit_by_at').on('audit_log').column('at').execute();
        await db.schema.createIndex('audit_by_actor').on('audit_log').columns(['actor_id', 'seq']).execute();
        await db.schema.createIndex('audit_by_project').on('audit_log').columns(['project_id', 'seq']).execute();
        await db.schema.createIndex('audit_by_claim').on('audit_log').columns(['claim_id', 'seq']).execute();
        await db.schema
          .createTable('audit_anchors')
          .addColumn('chain', 'text', (c) => c.notNull())
          .addColumn('first_seq', ms, (c) => c.notNull())
          .addColumn('prev_hash', 'text', (c) => c.notNull())
          .addColumn('cutoff', ms, (c) => c.notNull())
          .addColumn('at', ms, (c) => c.notNull())
          .addPrimaryKeyConstraint('audit_anchors_pk', ['chain', 'first_seq'])
          .execute();
        const announced = (row: string) =>
          sql.raw(
            `EXISTS (SELECT 1 FROM audit_anchors a WHERE a.chain = ${row}.chain AND a.first_seq > ${row}.seq AND a.cutoff > ${row}.at)`,
          );
        if (pgsql) {
          await sql`CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'audit_log' THEN
                IF ${announced('OLD')} THEN RETURN OLD; END IF;
              END IF;
              RAISE EXCEPTION 'audit records are append-only (% refused on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
            END $$`.execute(db);
          for (const table of ['audit_log', 'audit_anchors']) {
            await sql`CREATE TRIGGER ${sql.raw(`${table}_no_change`)} BEFORE UPDATE OR DELETE ON ${sql.table(table)}
              FOR EACH ROW EXECUTE FUNCTION audit_append_only()`.execute(db);
            await sql`CREATE TRIGGER ${sql.raw(`${table}_no_truncate`)} BEFORE TRUNCATE ON ${sql.table(table)}
              FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only()`.execute(db);
          }
        } else {
          await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
            BEGIN SELECT RAISE(ABORT, 'audit records are append-only (UPDATE refused on audit_log)'); END`.execute(db);
          await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log WHEN NOT ${announced('OLD')}
            BEGIN SELECT RAISE(ABORT, 'audit records are append-only (DELETE refused on audit_log)'); END`.execute(db);
          await sql`CREATE TRIGGER audit_anchors_no_update BEFORE UPDATE ON audit_anchors
            BEGIN SELECT RAISE(ABORT, 'audit records are append-only (UPDATE refused on audit_anchors)'); END`.execute(db);
          await sql`CREATE TRIGGER audit_anchors_no_delete BEFORE DELETE ON audit_anchors
            BEGIN SELECT RAISE(ABORT, 'audit records are append-only (DELETE refused on audit_anchors)'); END`.execute(db);
        }
      },
    },
    // The read model (issue 26): the organization's projects, claims and months as last read from
    // the partner (never from a webhook's payload), what the lists, the work queue, the exports and
    // the search are served from; the sync's state (initial cursor, passes, drift) and the lease
    // that lets one replica sync at a time. Search: PostgreSQL folds accents and case with an
    // IMMUTABLE wrapper of unaccent (pg_trgm GIN index on it); SQLite keeps a trigram FTS5 table
    // of the text folded in JavaScript (src/contract/search.ts).
    '008_read_model': {
      async up(db: Kysely<unknown>) {
        const money = pgsql ? 'double precision' : 'real';
        // SQLite: an integer key the trigram index (external content) names each row by, stable
        // under VACUUM (an INTEGER PRIMARY KEY is the rowid); the partner's id stays unique
        const key = <T extends CreateTableBuilder<string, never>>(t: T): T =>
          (pgsql
            ? t.addColumn('id', 'text', (c) => c.primaryKey())
            : t.addColumn('n', 'integer', (c) => c.primaryKey()).addColumn('id', 'text', (c) => c.notNull().unique())) as T;
        await db.schema
          .createTable('rm_projects')
          .$call(key)
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('tenant_first_name', 'text', (c) => c.notNull())
          .addColumn('tenant_last_name', 'text', (c) => c.notNull())
          .addColumn('tenant_email', 'text', (c) => c.notNull())
          .addColumn('address', 'text', (c) => c.notNull())
          .addColumn('reference', 'text')
          .addColumn('rent_amount', money)
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addColumn('required', 'text')
          .addColumn('data', 'text', (c) => c.notNull())
          .addColumn('search_text', 'text', (c) => c.notNull())
          .addColumn('search_folded', 'text', (c) => c.notNull())
          .addColumn('fingerprint', 'text', (c) => c.notNull())
          .addColumn('synced_at', ms, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('rm_projects_by_status').on('rm_projects').columns(['status', 'created_at']).execute();
        await db.schema.createIndex('rm_projects_by_created').on('rm_projects').column('created_at').execute();
        await db.schema
          .createTable('rm_claims')
          .$call(key)
          .addColumn('project_id', 'text', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('tenant_first_name', 'text', (c) => c.notNull())
          .addColumn('tenant_last_name', 'text', (c) => c.notNull())
          .addColumn('tenant_email', 'text', (c) => c.notNull())
          .addColumn('address', 'text', (c) => c.notNull())
          .addColumn('reference', 'text')
          .addColumn('rent_due_date', 'text', (c) => c.notNull())
          .addColumn('rent_amount', money, (c) => c.notNull())
          .addColumn('amount_outstanding', money, (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addColumn('required', 'text')
          .addColumn('data', 'text', (c) => c.notNull())
          .addColumn('search_text', 'text', (c) => c.notNull())
          .addColumn('search_folded', 'text', (c) => c.notNull())
          .addColumn('fingerprint', 'text', (c) => c.notNull())
          .addColumn('synced_at', ms, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('rm_claims_by_project').on('rm_claims').column('project_id').execute();
        await db.schema.createIndex('rm_claims_by_status').on('rm_claims').columns(['status', 'created_at']).execute();
        await db.schema
          .createTable('rm_debts')
          .addColumn('claim_id', 'text', (c) => c.notNull())
          .addColumn('rent_due_date', 'text', (c) => c.notNull())
          .addColumn('id', 'text')
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('rent_amount', money)
          .addColumn('amount_due', money, (c) => c.notNull())
          .addColumn('tenant_paid_amount', money, (c) => c.notNull())
          .addColumn('guarantor_paid_amount', money, (c) => c.notNull())
          .addColumn('receipt_status', 'integer')
          .addColumn('data', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('rm_debts_pk', ['claim_id', 'rent_due_date'])
          .execute();
        await db.schema
          .createTable('rm_sync')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('updated_at', ms, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('rm_lease')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('holder', 'text', (c) => c.notNull())
          .addColumn('until', ms, (c) => c.notNull())
          .execute();
        if (pgsql) {
          await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
          await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
          // unaccent() is only STABLE (it reads a dictionary chosen by search_path): naming the
          // dictionary makes the result depend on the text alone, so it can be indexed. Fields are
          // separated by '|' in search_text: each is folded whole (punctuation and spaces go,
          // "O'Brien" is "obrien"), the fields stay apart.
          await sql`CREATE FUNCTION rm_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
            AS $$ SELECT translate(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, $1)), '[^[:alnum:]|]+', '', 'g'), '|', ' ') $$`.execute(
            db,
          );
          for (const table of ['rm_projects', 'rm_claims'])
            await sql`CREATE INDEX ${sql.raw(`${table}_search`)} ON ${sql.table(table)} USING gin (rm_fold(search_text) gin_trgm_ops)`.execute(
              db,
            );
        } else {
          for (const table of ['rm_projects', 'rm_claims']) {
            const fts = `${table}_fts`;
            await sql
              .raw(`CREATE VIRTUAL TABLE ${fts} USING fts5(search_folded, content = '${table}', content_rowid = 'n', tokenize = 'trigram')`)
              .execute(db);
            const remove = `INSERT INTO ${fts} (${fts}, rowid, search_folded) VALUES ('delete', old.n, old.search_folded);`;
            const add = `INSERT INTO ${fts} (rowid, search_folded) VALUES (new.n, new.search_folded);`;
            await sql.raw(`CREATE TRIGGER ${table}_fts_insert AFTER INSERT ON ${table} BEGIN ${add} END`).execute(db);
            await sql.raw(`CREATE TRIGGER ${table}_fts_delete AFTER DELETE ON ${table} BEGIN ${remove} END`).execute(db);
            await sql.raw(`CREATE TRIGGER ${table}_fts_update AFTER UPDATE ON ${table} BEGIN ${remove} ${add} END`).execute(db);
          }
        }
      },
    },
    // The team (issue 27): users get an id, a state (invited, active, deactivated), their last
    // sign-in, their language and whether they want the monthly reminders (issue 28 reads it);
    // invitation and password-reset links live as the SHA-256 of their token only. An invited user
    // has no password yet: an empty hash, which no password matches.
    '009_team': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('users').addColumn('id', 'text').execute();
        await db.schema
          .alterTable('users')
          .addColumn('state', 'text', (c) => c.notNull().defaultTo('active'))
          .execute();
        await db.schema.alterTable('users').addColumn('last_sign_in_at', ms).execute();
        await db.schema
          .alterTable('users')
          .addColumn('lang', 'text', (c) => c.notNull().defaultTo('fr'))
          .execute();
        await db.schema
          .alterTable('users')
          .addColumn('reminders_enabled', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
        // the users already seeded (from a users file or the demo users) each get their id
        const seeded = await sql<{ email: string }>`SELECT email FROM users`.execute(db);
        for (const u of seeded.rows) await sql`UPDATE users SET id = ${randomUUID()} WHERE email = ${u.email}`.execute(db);
        await db.schema.createIndex('users_by_id').unique().on('users').column('id').execute();
        await db.schema
          .createTable('user_links')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('created_at', ms, (c) => c.notNull())
          .addColumn('expires_at', ms, (c) => c.notNull())
          .addColumn('created_by', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('user_links_by_user').on('user_links').column('user_id').execute();
      },
    },
    // My account (issue 27): each session remembers the browser and address it was opened from
    // (the user's list of their sessions); wrong passwords are also counted per account, whatever
    // the address (NIST SP 800-63B: at most 100 consecutive failures, then only a reset link).
    '010_account': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
        await db.schema.alterTable('sessions').addColumn('address', 'text').execute();
        await db.schema.createIndex('sessions_by_email').on('sessions').column('email').execute();
        await db.schema
          .createTable('account_failures')
          .addColumn('email', 'text', (c) => c.primaryKey())
          .addColumn('failures', 'integer', (c) => c.notNull())
          .addColumn('last', ms, (c) => c.notNull())
          .addColumn('not_before', ms, (c) => c.notNull())
          .execute();
      },
    },
    // The monthly round's e-mail reminders (issue 28): a row claims each send (one per user, month
    // and kind, whichever replica gets there first); each user's switch and language are the
    // users table's (009_team: reminders_enabled, lang).
    '011_round_reminders': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('round_reminders_sent')
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('month', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('sent_at', ms, (c) => c.notNull())
          .addPrimaryKeyConstraint('round_reminders_sent_pk', ['email', 'month', 'kind'])
          .execute();
      },
    },
    // Who looks after a file (issue 27): a project or a claim is assigned to one colleague (users.id),
    // kept by the dashboard (the partner knows nothing of it). One row per file; unassigning deletes it.
    '012_assignments': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('assignments')
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('entity_id', 'text', (c) => c.notNull())
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('assigned_by', 'text', (c) => c.notNull())
          .addColumn('assigned_at', ms, (c) => c.notNull())
          .addPrimaryKeyConstraint('assignments_pk', ['kind', 'entity_id'])
          .execute();
        await db.schema.createIndex('assignments_by_user').on('assignments').columns(['user_id', 'kind']).execute();
      },
    },
    // Single sign-on (issue 27): a sign-in begun at the identity provider, by the hash of its state,
    // with its nonce and PKCE verifier; taken (deleted) by its callback, so a state is used once.
    '014_sso_logins': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('sso_logins')
          .addColumn('state_hash', 'text', (c) => c.primaryKey())
          .addColumn('nonce', 'text', (c) => c.notNull())
          .addColumn('verifier', 'text', (c) => c.notNull())
          .addColumn('created_at', ms, (c) => c.notNull())
          .execute();
      },
    },
    // What the agency sent when it created a project through the dashboard (issue 24): the tenant's
    // profile, the referent's and the metadata (its own reference). The spec's project answer (2.8)
    // does not carry them; where the partner's answers lack them, the dashboard fills them in from here.
    '016_agency_copies': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('agency_copies')
          .addColumn('project_id', 'text', (c) => c.primaryKey())
          .addColumn('profile', 'text', (c) => c.notNull())
          .addColumn('referent', 'text')
          .addColumn('metadata', 'text')
          .addColumn('sent_at', ms, (c) => c.notNull())
          .addColumn('request_id', 'text', (c) => c.notNull())
          .execute();
      },
    },
    // The work queue as a query (issue 26): each row of the read model keeps what of its line does
    // not depend on today (inbox/rules.ts), so the database filters, sorts, pages and counts the
    // queue. Rows kept before get their columns from what they hold (inbox_version 0: the sync
    // recomputes them at start, without a partner call). The partial indexes hold every column the
    // queue reads (the database answers from them alone), for the rows that can have a line only
    // (their condition is on indexed columns, which the queue repeats); "data as of" reads an index.
    '017_inbox_columns': {
      async up(db: Kysely<unknown>) {
        for (const table of ['rm_projects', 'rm_claims']) {
          await db.schema
            .alterTable(table)
            .addColumn('inbox_version', 'integer', (c) => c.notNull().defaultTo(0))
            .execute();
          for (const column of ['inbox_kind', 'inbox_since', 'inbox_line'])
            await db.schema.alterTable(table).addColumn(column, 'text').execute();
          for (const column of ['inbox_tenant', 'inbox_name'])
            await db.schema
              .alterTable(table)
              .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
              .execute();
        }
        await db.schema.alterTable('rm_claims').addColumn('inbox_months_from', 'text').execute();
        await db.schema
          .createIndex('rm_projects_inbox')
          .on('rm_projects')
          .columns(['inbox_kind', 'inbox_since', 'inbox_name', 'inbox_tenant', 'id'])
          .where(sql.ref('inbox_kind'), 'is not', null)
          .execute();
        await db.schema
          .createIndex('rm_claims_inbox')
          .on('rm_claims')
          .columns(['inbox_kind', 'inbox_since', 'inbox_months_from', 'inbox_name', 'inbox_tenant', 'id'])
          .where(sql<boolean>`inbox_kind IS NOT NULL OR inbox_months_from IS NOT NULL`)
          .execute();
        // the answer's "data as of" (the oldest read, sync/as-of.ts) without a pass over every row
        for (const table of ['rm_projects', 'rm_claims'])
          await db.schema.createIndex(`${table}_by_synced`).on(table).column('synced_at').execute();
      },
    },
    // The lists' and exports' orders read from an index in order (issue 26: flat from 2,000 to 20,000
    // projects): a page reads its rows and stops, instead of sorting every row the filters keep. Each
    // index holds the whole order, tie-breaker (id) included, in the order's directions: claims share
    // a few creation times and many share an outstanding amount, so an index on the first key alone
    // would still sort every tie.
    '018_readmodel_order_indexes': {
      async up(db: Kysely<unknown>) {
        const orders: [string, string, string[]][] = [
          // newest first (the lists' default, the exports' keyset) and oldest first
          ['rm_claims_by_opened', 'rm_claims', ['created_at desc', 'id']],
          ['rm_claims_by_opened_asc', 'rm_claims', ['created_at', 'id']],
          ['rm_claims_by_outstanding', 'rm_claims', ['amount_outstanding desc', 'id']],
          ['rm_claims_by_outstanding_asc', 'rm_claims', ['amount_outstanding', 'id']],
          ['rm_projects_by_opened', 'rm_projects', ['created_at desc', 'id']],
        ];
        for (const [name, table, columns] of orders) await db.schema.createIndex(name).on(table).columns(columns).execute();
        // The work queue's groups in their order (inbox/reads.ts: a page reads the groups it shows,
        // each from its index range in order). PostgreSQL sorts names bytewise (COLLATE "C", as
        // the queue's order does), SQLite's default is bytewise.
        const name = pgsql ? sql`inbox_name COLLATE "C"` : sql`inbox_name`;
        await sql`CREATE INDEX rm_claims_inbox_months ON rm_claims (inbox_months_from, ${name}, id) WHERE inbox_months_from IS NOT NULL`.execute(
          db,
        );
        await sql`CREATE INDEX rm_claims_inbox_kinds ON rm_claims (inbox_kind, inbox_since, ${name}, id, inbox_months_from)
          WHERE inbox_kind IS NOT NULL`.execute(db);
        await sql`CREATE INDEX rm_projects_inbox_kinds ON rm_projects (inbox_kind, inbox_since, ${name}, id) WHERE inbox_kind IS NOT NULL`.execute(
          db,
        );
        // most recent first: the days backwards, a day's lines by name (a day holds hundreds at 20k)
        await sql`CREATE INDEX rm_claims_inbox_months_recent ON rm_claims (inbox_months_from DESC, ${name}, id)
          WHERE inbox_months_from IS NOT NULL`.execute(db);
        await sql`CREATE INDEX rm_claims_inbox_kinds_recent ON rm_claims (inbox_kind, inbox_since DESC, ${name}, id, inbox_months_from)
          WHERE inbox_kind IS NOT NULL`.execute(db);
        await sql`CREATE INDEX rm_projects_inbox_kinds_recent ON rm_projects (inbox_kind, inbox_since DESC, ${name}, id)
          WHERE inbox_kind IS NOT NULL`.execute(db);
        await inboxCounts(db, pgsql);
        await intermediaryScope(db, pgsql);
      },
    },
    // Wrong passwords are counted per e-mail typed, whether or not it has an account, so the answers
    // never tell which e-mails have one. The delays follow the current streak (failures without a
    // pause of 15 minutes), the lock every consecutive failure of an account; an e-mail without an
    // account is forgotten 15 minutes after its last failure (pruned by its last failure's time).
    '019_account_failures_streak': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('account_failures')
          .addColumn('streak', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.createIndex('account_failures_by_last').on('account_failures').column('last').execute();
      },
    },
  };
}

/**
 * The work queue's counts, kept by the database in the same transaction as the rows (018): the
 * rows that can have a line, per area, kind and the day their kind depends on (a claim's oldest
 * undeclared month's due date, a waiting project's since: whether they count today is read against
 * today), so counting reads a few rows per day, not every line. Kept by triggers on every insert,
 * delete and change of those columns, whoever writes (the sync, the rules' recompute, a test).
 */
async function inboxCounts(db: Kysely<unknown>, pgsql: boolean): Promise<void> {
  await db.schema
    .createTable('rm_inbox_counts')
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rm_inbox_counts_pk', ['area', 'kind', 'day'])
    .execute();
  // what a row counts under (r: NEW or OLD), and when it counts at all (017's partial indexes)
  const tables = [
    {
      table: 'rm_claims',
      columns: 'inbox_kind, inbox_months_from',
      counts: (r: string) => `(${r}.inbox_kind IS NOT NULL OR ${r}.inbox_months_from IS NOT NULL)`,
      key: (r: string) => [`'claim'`, `coalesce(${r}.inbox_kind, '')`, `coalesce(${r}.inbox_months_from, '')`],
    },
    {
      table: 'rm_projects',
      columns: 'inbox_kind, inbox_since',
      counts: (r: string) => `${r}.inbox_kind IS NOT NULL`,
      key: (r: string) => [
        `'project'`,
        `${r}.inbox_kind`,
        `CASE WHEN ${r}.inbox_kind = 'project.waiting' THEN coalesce(${r}.inbox_since, '') ELSE '' END`,
      ],
    },
  ];
  for (const t of tables) {
    const [area, kind, day] = t.key('r');
    await sql
      .raw(
        `INSERT INTO rm_inbox_counts (area, kind, day, n) SELECT ${area}, ${kind}, ${day}, count(*) FROM ${t.table} r WHERE ${t.counts('r')} GROUP BY ${kind}, ${day}`,
      )
      .execute(db);
    const add = (r: string) => {
      const [a, k, d] = t.key(r);
      return `INSERT INTO rm_inbox_counts (area, kind, day, n) SELECT ${a}, ${k}, ${d}, 1 WHERE ${t.counts(r)}
        ON CONFLICT (area, kind, day) DO UPDATE SET n = rm_inbox_counts.n + 1;`;
    };
    const remove = (r: string) => {
      const [a, k, d] = t.key(r);
      return `UPDATE rm_inbox_counts SET n = n - 1 WHERE ${t.counts(r)} AND area = ${a} AND kind = ${k} AND day = ${d};`;
    };
    // an update counts again only when what it counts under changed
    const changed = t.columns
      .split(', ')
      .map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`)
      .join(' OR ');
    const of = `${t.table}_inbox_count`;
    if (pgsql) {
      await sql
        .raw(
          `CREATE FUNCTION ${of}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
            IF TG_OP <> 'INSERT' THEN ${remove('OLD')} END IF;
            IF TG_OP <> 'DELETE' THEN ${add('NEW')} END IF;
            RETURN NULL;
          END $$`,
        )
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${of}_insert_delete AFTER INSERT OR DELETE ON ${t.table} FOR EACH ROW EXECUTE FUNCTION ${of}()`)
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${of}_update AFTER UPDATE OF ${t.columns} ON ${t.table} FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION ${of}()`,
        )
        .execute(db);
    } else {
      const sqliteChanged = changed.replaceAll('IS DISTINCT FROM', 'IS NOT');
      await sql.raw(`CREATE TRIGGER ${of}_insert AFTER INSERT ON ${t.table} BEGIN ${add('NEW')} END`).execute(db);
      await sql.raw(`CREATE TRIGGER ${of}_delete AFTER DELETE ON ${t.table} BEGIN ${remove('OLD')} END`).execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${of}_update AFTER UPDATE OF ${t.columns} ON ${t.table} WHEN ${sqliteChanged} BEGIN ${remove('OLD')} ${add('NEW')} END`,
        )
        .execute(db);
    }
  }
}

/**
 * The intermediary's scope (routes/intermediary-scope.ts: an active contract, or a claim on the
 * project) kept on each project by the database (018), in the same transaction as the rows: a
 * project's write works it out, a claim's arrival, departure or move sets it on its projects. Its
 * partial index holds the scope in the list's order, so a page reads its own rows only.
 */
async function intermediaryScope(db: Kysely<unknown>, pgsql: boolean): Promise<void> {
  await db.schema
    .alterTable('rm_projects')
    .addColumn('in_scope', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // the scope of the project with this id worked out again, written only when it changes (an
  // unchanged row is not rewritten: SQLite's search index follows every update of a project)
  // 7: ProjectStatus.Active (a migration keeps its own values: the rule is the contract's
  // inIntermediaryScope, and lists/scope.test.ts checks these triggers agree with it on every status)
  // (SQLite's triggers take no alias in an UPDATE: the table's own name there)
  const p = pgsql ? 'p' : 'rm_projects';
  const scope = `CASE WHEN ${p}.status = 7 OR EXISTS (SELECT 1 FROM rm_claims c WHERE c.project_id = ${p}.id) THEN 1 ELSE 0 END`;
  const again = (which: string) =>
    `UPDATE rm_projects${pgsql ? ' AS p' : ''} SET in_scope = ${scope} WHERE ${which.replaceAll('p.id', `${p}.id`)} AND ${p}.in_scope <> ${scope};`;
  await sql.raw(again('true')).execute(db);
  if (!pgsql)
    // SQLite's search index (008) followed every update of a row; it holds search_folded alone, so
    // it follows that column's only (a touch of synced_at, the scope written by the trigger below
    // before the search index has the new row, are none of its business)
    for (const table of ['rm_projects', 'rm_claims']) {
      const fts = `${table}_fts`;
      const remove = `INSERT INTO ${fts} (${fts}, rowid, search_folded) VALUES ('delete', old.n, old.search_folded);`;
      const add = `INSERT INTO ${fts} (rowid, search_folded) VALUES (new.n, new.search_folded);`;
      await sql.raw(`DROP TRIGGER ${table}_fts_update`).execute(db);
      await sql.raw(`CREATE TRIGGER ${table}_fts_update AFTER UPDATE OF search_folded ON ${table} BEGIN ${remove} ${add} END`).execute(db);
    }
  await sql.raw(`CREATE INDEX rm_projects_scope ON rm_projects (created_at DESC, id) WHERE in_scope = 1`).execute(db);
  if (pgsql) {
    // a project's own write: its row as it is written (no second version of it)
    await sql
      .raw(
        `CREATE FUNCTION rm_projects_scope() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
          NEW.in_scope := CASE WHEN NEW.status = 7 OR EXISTS (SELECT 1 FROM rm_claims c WHERE c.project_id = NEW.id) THEN 1 ELSE 0 END;
          RETURN NEW;
        END $$`,
      )
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER rm_projects_scope_insert BEFORE INSERT ON rm_projects FOR EACH ROW EXECUTE FUNCTION rm_projects_scope()`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER rm_projects_scope_update BEFORE UPDATE OF status ON rm_projects FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION rm_projects_scope()`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE FUNCTION rm_claims_scope() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
          ${again(`((TG_OP <> 'INSERT' AND p.id = OLD.project_id) OR (TG_OP <> 'DELETE' AND p.id = NEW.project_id))`)}
          RETURN NULL;
        END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER rm_claims_scope_insert_delete AFTER INSERT OR DELETE ON rm_claims FOR EACH ROW EXECUTE FUNCTION rm_claims_scope()`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER rm_claims_scope_update AFTER UPDATE OF project_id ON rm_claims FOR EACH ROW WHEN (OLD.project_id IS DISTINCT FROM NEW.project_id) EXECUTE FUNCTION rm_claims_scope()`,
      )
      .execute(db);
  } else {
    await sql.raw(`CREATE TRIGGER rm_projects_scope_insert AFTER INSERT ON rm_projects BEGIN ${again('p.id = NEW.id')} END`).execute(db);
    await sql
      .raw(
        `CREATE TRIGGER rm_projects_scope_update AFTER UPDATE OF status ON rm_projects WHEN OLD.status IS NOT NEW.status BEGIN ${again('p.id = NEW.id')} END`,
      )
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER rm_claims_scope_insert AFTER INSERT ON rm_claims BEGIN ${again('p.id = NEW.project_id')} END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER rm_claims_scope_delete AFTER DELETE ON rm_claims BEGIN ${again('p.id = OLD.project_id')} END`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER rm_claims_scope_update AFTER UPDATE OF project_id ON rm_claims WHEN OLD.project_id IS NOT NEW.project_id BEGIN ${again('p.id = OLD.project_id')} ${again('p.id = NEW.project_id')} END`,
      )
      .execute(db);
  }
}
