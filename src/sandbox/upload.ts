import type { FastifyRequest } from 'fastify';
import { MAX_FILE_BYTES } from '../contract/files.js';
import { AppError } from './errors.js';
import type { UploadFields } from './domain/documents.js';

/** Reads a multipart upload (fields in any order), keeping at most 10 MB + 1 byte of the file. */
export async function readUpload(request: FastifyRequest): Promise<UploadFields> {
  if (!request.isMultipart()) throw new AppError('E0142', 'Send the document as multipart/form-data with a "file" field.');
  const fields: UploadFields = { documentType: undefined, comment: undefined, file: undefined };
  for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 10_000 } })) {
    if (part.type === 'file') {
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      const content = Buffer.concat(chunks);
      if (part.fieldname === 'file') fields.file = { fileName: part.filename, content, truncated: part.file.truncated };
    } else if (part.fieldname === 'documentType' || part.fieldname === 'comment') {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
  return fields;
}
