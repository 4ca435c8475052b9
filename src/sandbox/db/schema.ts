/** SQLite schema of the sandbox. Money is stored in integer cents; JSON columns hold request bodies. */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE organizations (
     id TEXT PRIMARY KEY, name TEXT NOT NULL, api_key TEXT NOT NULL UNIQUE,
     webhook_url TEXT, webhook_secret TEXT NOT NULL);
   CREATE TABLE projects (
     id TEXT PRIMARY KEY, org_id TEXT NOT NULL REFERENCES organizations(id), user_id TEXT NOT NULL,
     status INTEGER NOT NULL, score REAL NOT NULL, create_date TEXT NOT NULL, updated_at TEXT NOT NULL,
     tenant_search TEXT NOT NULL, tenant_email TEXT NOT NULL, body TEXT NOT NULL, rent TEXT,
     rejection_reason TEXT, paid_at TEXT);
   CREATE INDEX projects_org_date ON projects(org_id, create_date);
   CREATE TABLE documents (
     id TEXT PRIMARY KEY, owner_kind TEXT NOT NULL CHECK (owner_kind IN ('project','claim')),
     owner_id TEXT NOT NULL, document_type INTEGER NOT NULL, file_name TEXT NOT NULL,
     content_type TEXT NOT NULL, size INTEGER NOT NULL, comment TEXT, created_at TEXT NOT NULL,
     content BLOB NOT NULL);
   CREATE INDEX documents_owner ON documents(owner_kind, owner_id);
   CREATE TABLE claims (
     id TEXT PRIMARY KEY, org_id TEXT NOT NULL REFERENCES organizations(id),
     project_id TEXT NOT NULL REFERENCES projects(id), status INTEGER NOT NULL,
     created_at TEXT NOT NULL, updated_at TEXT NOT NULL, first_due_date TEXT NOT NULL,
     initial_rent INTEGER NOT NULL, body TEXT NOT NULL);
   CREATE INDEX claims_org ON claims(org_id, created_at);
   CREATE INDEX claims_project ON claims(project_id);
   CREATE TABLE rental_debts (
     id TEXT PRIMARY KEY, claim_id TEXT NOT NULL REFERENCES claims(id), month TEXT NOT NULL,
     rent_due_date TEXT NOT NULL, rent_amount INTEGER NOT NULL, received INTEGER NOT NULL,
     received_date TEXT, guarantor_paid INTEGER NOT NULL DEFAULT 0, status INTEGER NOT NULL,
     receipt_status INTEGER, receipt_signed_at TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
     UNIQUE (claim_id, month));
   CREATE TABLE tenant_payments (
     id TEXT PRIMARY KEY, claim_id TEXT NOT NULL REFERENCES claims(id), amount INTEGER NOT NULL,
     apply_date TEXT NOT NULL, created_at TEXT NOT NULL, seq INTEGER NOT NULL);
   CREATE INDEX tenant_payments_claim ON tenant_payments(claim_id, seq);
   CREATE TABLE webhook_events (
     id TEXT PRIMARY KEY, org_id TEXT NOT NULL, type TEXT NOT NULL, payload TEXT NOT NULL,
     created_at TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL,
     delivered_at TEXT, failed INTEGER NOT NULL DEFAULT 0, last_error TEXT);
   CREATE INDEX webhook_events_due ON webhook_events(delivered_at, failed, next_attempt_at);`,
  // a project's documents refused by the manager stay listed, marked, until replaced or deleted
  `ALTER TABLE documents ADD COLUMN refused INTEGER NOT NULL DEFAULT 0;`,
  // a payment's shares of the months, fixed when it is recorded (JSON [{debtId, amount}]); null: not spread yet
  `ALTER TABLE tenant_payments ADD COLUMN spread TEXT;`,
  // a month declared past its deadline (domain/deadlines.ts): blocked (31) until the back office unblocks it
  `ALTER TABLE rental_debts ADD COLUMN late_declaration INTEGER NOT NULL DEFAULT 0;`,
  // the lists' pages in their order, tie-breaker included: a page far down a long list skips index
  // entries, not rows (an organization of 200,000 projects read page by page)
  `CREATE INDEX projects_org_page ON projects(org_id, create_date, id);
   CREATE INDEX claims_org_page ON claims(org_id, created_at, id);`,
];
