import { randomUUID } from 'node:crypto';
import { MAX_FILE_BYTES, sniffContentType } from '../../contract/files.js';
import type { Document } from '../../contract/projects.js';
import type { Db } from '../db/database.js';
import {
  deleteDocumentRow,
  documentRowsOf,
  documentWithContent,
  insertDocumentRow,
  type DocumentRow,
  type OwnerKind,
} from '../db/documents.js';
import { AppError } from '../errors.js';

export interface UploadedFile {
  fileName: string;
  content: Buffer;
  truncated: boolean;
}

export interface UploadFields {
  documentType: string | undefined;
  comment: string | undefined;
  file: UploadedFile | undefined;
}

/**
 * Checks an upload in the spec's order of codes: E0142 no file, E0145 over 10 MB, E0144 content
 * not JPEG/GIF/PNG/PDF (by its bytes), E0090 document type not allowed here.
 */
export function checkUpload(
  fields: UploadFields,
  allowedTypes: readonly number[],
): { documentType: number; contentType: string; file: UploadedFile } {
  const file = fields.file;
  if (!file || file.content.length === 0) throw new AppError('E0142');
  if (file.truncated || file.content.length > MAX_FILE_BYTES) throw new AppError('E0145');
  const contentType = sniffContentType(file.content.subarray(0, 16));
  if (!contentType) throw new AppError('E0144');
  const documentType = fields.documentType !== undefined && /^\d+$/.test(fields.documentType.trim()) ? Number(fields.documentType) : NaN;
  if (!allowedTypes.includes(documentType)) {
    throw new AppError('E0090', `Invalid document type: expected one of ${allowedTypes.join(', ')}.`, [
      { path: 'documentType', message: `must be one of ${allowedTypes.join(', ')}` },
    ]);
  }
  return { documentType, contentType, file };
}

const toDocument = (r: DocumentRow): Document => ({
  id: r.id,
  documentType: r.document_type,
  fileName: r.file_name,
  contentType: r.content_type,
  size: r.size,
  comment: r.comment,
  createdAt: r.created_at,
  ...(r.refused ? { refused: true } : {}),
});

export function insertDocument(
  db: Db,
  ownerKind: OwnerKind,
  ownerId: string,
  checked: ReturnType<typeof checkUpload>,
  comment: string | undefined,
  createdAt: string,
): Document {
  const id = randomUUID();
  const name = checked.file.fileName.replace(/[\\/\r\n\t\0]/g, '_').slice(0, 200) || 'document';
  const row: DocumentRow = {
    id,
    document_type: checked.documentType,
    file_name: name,
    content_type: checked.contentType,
    size: checked.file.content.length,
    comment: comment ?? null,
    created_at: createdAt,
    refused: 0,
  };
  insertDocumentRow(db, { kind: ownerKind, id: ownerId }, row, checked.file.content);
  return toDocument(row);
}

export function listDocuments(db: Db, ownerKind: OwnerKind, ownerId: string): Document[] {
  return documentRowsOf(db, ownerKind, ownerId).map(toDocument);
}

export function deleteDocument(db: Db, ownerKind: OwnerKind, ownerId: string, documentId: string): boolean {
  return deleteDocumentRow(db, ownerKind, ownerId, documentId) > 0;
}

export function documentContent(
  db: Db,
  documentId: string,
): { fileName: string; contentType: string; content: Buffer; ownerKind: string; ownerId: string } | undefined {
  const r = documentWithContent(db, documentId);
  return (
    r && {
      fileName: r.file_name,
      contentType: r.content_type,
      content: Buffer.from(r.content as ArrayBuffer),
      ownerKind: r.owner_kind,
      ownerId: r.owner_id,
    }
  );
}
