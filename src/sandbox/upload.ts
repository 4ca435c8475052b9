import type { FastifyRequest } from 'fastify';
import { DocumentCommentSchema } from '../contract/claims.js';
import { MAX_FILE_BYTES } from '../contract/files.js';
import { isMalformedMultipart } from '../platform/fastify-errors.js';
import { AppError, errorFromZod } from './errors.js';
import type { UploadFields } from './domain/documents.js';

/**
 * A form the parser cannot read (no or wrong boundary, a truncated or garbage body) is the client's
 * fault: 400 INVALID_REQUEST, never a 500. Limits (E0145...) go to the error handler's table.
 */
function malformed(err: unknown): unknown {
  if (err instanceof AppError || !isMalformedMultipart(err)) return err;
  const detail = err instanceof Error ? err.message : 'unreadable';
  return new AppError('INVALID_REQUEST', `Malformed multipart/form-data body (${detail}): send the form again.`);
}

/** Reads a multipart upload (fields in any order), keeping at most 10 MB + 1 byte of the file. */
export async function readUpload(request: FastifyRequest): Promise<UploadFields> {
  if (!request.isMultipart()) throw new AppError('E0142', 'Send the document as multipart/form-data with a "file" field.');
  const fields: UploadFields = { documentType: undefined, comment: undefined, file: undefined };
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024 } })) {
      if (part.type === 'file') {
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        const content = Buffer.concat(chunks);
        if (part.fieldname === 'file') fields.file = { fileName: part.filename, content, truncated: part.file.truncated };
      } else if (part.fieldname === 'documentType' || part.fieldname === 'comment') {
        // a value longer than the parser keeps is refused, never stored cut
        if (part.valueTruncated)
          throw new AppError('INVALID_REQUEST', `${part.fieldname}: too long`, [{ path: part.fieldname, message: 'too long' }]);
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (err) {
    throw malformed(err);
  }
  if (fields.comment !== undefined) {
    const comment = DocumentCommentSchema.safeParse(fields.comment);
    if (!comment.success) throw errorFromZod(comment.error, 'comment');
    fields.comment = comment.data || undefined;
  }
  return fields;
}
