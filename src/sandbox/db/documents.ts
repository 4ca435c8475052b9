import { all, one, run, type Db } from './database.js';

export type OwnerKind = 'project' | 'claim';

/** A row of `documents` without its content. */
export interface DocumentRow {
  id: string;
  document_type: number;
  file_name: string;
  content_type: string;
  size: number;
  comment: string | null;
  created_at: string;
  /** 1 when the manager refused it (projects only). */
  refused: number;
}

export function insertDocumentRow(db: Db, owner: { kind: OwnerKind; id: string }, d: DocumentRow, content: Buffer): void {
  run(
    db,
    'INSERT INTO documents (id, owner_kind, owner_id, document_type, file_name, content_type, size, comment, created_at, content, refused) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    d.id,
    owner.kind,
    owner.id,
    d.document_type,
    d.file_name,
    d.content_type,
    d.size,
    d.comment,
    d.created_at,
    content,
    d.refused,
  );
}

export const documentRowsOf = (db: Db, kind: OwnerKind, ownerId: string): DocumentRow[] =>
  all<DocumentRow>(
    db,
    'SELECT id, document_type, file_name, content_type, size, comment, created_at, refused FROM documents WHERE owner_kind = ? AND owner_id = ? ORDER BY created_at, rowid',
    kind,
    ownerId,
  );

/** The document types an owner has at least one document of that was not refused (or, `refused`, one that was). */
export const documentTypesOf = (db: Db, kind: OwnerKind, ownerId: string, refused = false): Set<number> =>
  new Set(
    all<{ t: number }>(
      db,
      'SELECT DISTINCT document_type AS t FROM documents WHERE owner_kind = ? AND owner_id = ? AND refused = ?',
      kind,
      ownerId,
      refused ? 1 : 0,
    ).map((r) => r.t),
  );

/** The manager refuses a project's documents of these types (all of its documents when none is named). */
export const refuseProjectDocuments = (db: Db, projectId: string, types: readonly number[] | undefined): number =>
  types === undefined
    ? run(db, "UPDATE documents SET refused = 1 WHERE owner_kind = 'project' AND owner_id = ?", projectId)
    : types.reduce(
        (n, t) =>
          n + run(db, "UPDATE documents SET refused = 1 WHERE owner_kind = 'project' AND owner_id = ? AND document_type = ?", projectId, t),
        0,
      );

export const deleteDocumentRow = (db: Db, kind: OwnerKind, ownerId: string, documentId: string): number =>
  run(db, 'DELETE FROM documents WHERE id = ? AND owner_kind = ? AND owner_id = ?', documentId, kind, ownerId);

export const documentWithContent = (db: Db, documentId: string) =>
  one<{ file_name: string; content_type: string; content: ArrayBuffer | Buffer; owner_kind: string; owner_id: string }>(
    db,
    'SELECT file_name, content_type, content, owner_kind, owner_id FROM documents WHERE id = ?',
    documentId,
  );
