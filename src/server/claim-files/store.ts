import { randomUUID } from 'node:crypto';
import { CLAIM_FILES_MAX, type ClaimFile, type ClaimFileList } from '../../contract/claim-files.js';
import { TEXT_MAX } from '../../contract/limits.js';
import type { ServerDb, Tables } from '../db/db.js';

export interface SentFile {
  documentType: number;
  fileName: string;
  contentType: string;
  size: number;
  comment: string | null;
}

/** A stored file as this store reads it (the uploader's e-mail is kept, not shown). */
type Row = Omit<Tables['claim_files'], 'uploaded_by_email'>;

/** Bounds what a browser sent before it is stored (names and comments are free text). */
const clip = (raw: string, max: number) => {
  const s = raw.replaceAll('\u0000', ''); // PostgreSQL text holds no NUL
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

/**
 * The files sent to claims through this server, recorded once the partner accepted them. Its
 * queries stay in this module (the table is created by the migrations, db/migrations/).
 */
export class ClaimFileStore {
  constructor(private readonly db: ServerDb) {}

  async record(claimId: string, file: SentFile, by: { email: string; name: string }, at = new Date()): Promise<void> {
    await this.db
      .insertInto('claim_files')
      .values({
        id: randomUUID(),
        claim_id: claimId.toLowerCase(),
        document_type: file.documentType,
        file_name: clip(file.fileName, 255),
        content_type: file.contentType,
        size: file.size,
        comment: file.comment?.trim() ? clip(file.comment.trim(), TEXT_MAX.comment) : null,
        uploaded_at: at.toISOString(),
        uploaded_by_email: by.email,
        uploaded_by: clip(by.name, 200),
      })
      .execute();
  }

  /** The claim's files, newest first, at most CLAIM_FILES_MAX of them. */
  async list(claimId: string): Promise<ClaimFileList> {
    const id = claimId.toLowerCase();
    const count = await this.db
      .selectFrom('claim_files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('claim_id', '=', id)
      .executeTakeFirst();
    const rows: Row[] = await this.db
      .selectFrom('claim_files')
      .select(['id', 'claim_id', 'document_type', 'file_name', 'content_type', 'size', 'comment', 'uploaded_at', 'uploaded_by'])
      .where('claim_id', '=', id)
      .orderBy('uploaded_at', 'desc')
      .orderBy('id', 'desc')
      .limit(CLAIM_FILES_MAX)
      .execute();
    const items = rows.map((r): ClaimFile => ({
      id: r.id,
      claimId: r.claim_id,
      documentType: r.document_type,
      fileName: r.file_name,
      contentType: r.content_type,
      size: Number(r.size),
      comment: r.comment,
      uploadedAt: r.uploaded_at,
      uploadedBy: r.uploaded_by,
    }));
    return { items, total: Number(count?.n ?? 0) };
  }
}
