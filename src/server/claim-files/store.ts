import { randomUUID } from 'node:crypto';
import { CLAIM_FILES_MAX, type ClaimFile, type ClaimFileList } from '../../contract/claim-files.js';
import { TEXT_MAX } from '../../contract/limits.js';
import { exec, row, rows, type ServerDb } from '../db.js';

export interface SentFile {
  documentType: number;
  fileName: string;
  contentType: string;
  size: number;
  comment: string | null;
}

interface Row {
  id: string;
  claim_id: string;
  document_type: number;
  file_name: string;
  content_type: string;
  size: number;
  comment: string | null;
  uploaded_at: string;
  uploaded_by: string;
}

/** Bounds what a browser sent before it is stored (names and comments are free text). */
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/**
 * The files sent to claims through this server, recorded once the partner accepted them. The
 * table, its creation and its queries stay in this module (the storage layer may move).
 */
export class ClaimFileStore {
  constructor(private readonly db: ServerDb) {
    db.exec(`CREATE TABLE IF NOT EXISTS claim_files (
      id TEXT PRIMARY KEY, claim_id TEXT NOT NULL, document_type INTEGER NOT NULL, file_name TEXT NOT NULL,
      content_type TEXT NOT NULL, size INTEGER NOT NULL, comment TEXT, uploaded_at TEXT NOT NULL,
      uploaded_by_email TEXT NOT NULL, uploaded_by TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS claim_files_by_claim ON claim_files (claim_id, uploaded_at);`);
  }

  record(claimId: string, file: SentFile, by: { email: string; name: string }): void {
    exec(
      this.db,
      `INSERT INTO claim_files (id, claim_id, document_type, file_name, content_type, size, comment, uploaded_at, uploaded_by_email, uploaded_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      randomUUID(),
      claimId.toLowerCase(),
      file.documentType,
      clip(file.fileName, 255),
      file.contentType,
      file.size,
      file.comment?.trim() ? clip(file.comment.trim(), TEXT_MAX.comment) : null,
      new Date().toISOString(),
      by.email,
      clip(by.name, 200),
    );
  }

  /** The claim's files, newest first, at most CLAIM_FILES_MAX of them. */
  list(claimId: string): ClaimFileList {
    const id = claimId.toLowerCase();
    const total = row<{ n: number }>(this.db, 'SELECT COUNT(*) AS n FROM claim_files WHERE claim_id = ?', id)?.n ?? 0;
    const items = rows<Row>(
      this.db,
      'SELECT * FROM claim_files WHERE claim_id = ? ORDER BY uploaded_at DESC, rowid DESC LIMIT ?',
      id,
      CLAIM_FILES_MAX,
    ).map((r): ClaimFile => ({
      id: r.id,
      claimId: r.claim_id,
      documentType: r.document_type,
      fileName: r.file_name,
      contentType: r.content_type,
      size: r.size,
      comment: r.comment,
      uploadedAt: r.uploaded_at,
      uploadedBy: r.uploaded_by,
    }));
    return { items, total };
  }
}
