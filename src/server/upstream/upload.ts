import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { FormData } from 'undici';
import { MAX_FILE_BYTES, sniffContentType } from '../../contract/files.js';
import { HttpError } from '../http-error.js';

export interface SpooledUpload {
  form: FormData;
  cleanup: () => Promise<void>;
}

/**
 * Checks an upload before anything reaches the partner service, without holding the file in
 * memory: the file streams to a temporary file while its size is counted and its first bytes
 * sniffed; the form sent upstream reads that file back as a stream.
 * Refuses: no file (E0142), more than 10 MB (E0145), content not JPEG/GIF/PNG/PDF (E0144).
 */
export async function spoolUpload(request: FastifyRequest): Promise<SpooledUpload> {
  if (!request.isMultipart()) throw new HttpError('E0142', 'Send the document as multipart/form-data with a "file" field.');
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_FILE_BYTES + 64 * 1024) throw new HttpError('E0145');
  const dir = await mkdtemp(join(tmpdir(), 'upload-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const fields = new Map<string, string>();
    let file: { path: string; name: string; size: number; head: Buffer; truncated: boolean } | null = null;
    for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, fieldSize: 2000 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          continue;
        }
        const path = join(dir, 'file');
        let size = 0;
        let head = Buffer.alloc(0);
        const counter = new Transform({
          transform(chunk: Buffer, _enc, cb) {
            size += chunk.length;
            if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
            cb(null, chunk);
          },
        });
        await pipeline(part.file, counter, createWriteStream(path));
        file = { path, name: part.filename || 'document', size, head, truncated: part.file.truncated };
      } else if (part.fieldname === 'documentType' || part.fieldname === 'comment') {
        fields.set(part.fieldname, String(part.value));
      }
    }
    if (!file || file.size === 0) throw new HttpError('E0142');
    if (file.truncated || file.size > MAX_FILE_BYTES) throw new HttpError('E0145');
    const contentType = sniffContentType(file.head);
    if (!contentType) throw new HttpError('E0144');
    const form = new FormData();
    for (const [k, v] of fields) form.append(k, v);
    form.append('file', await openAsBlob(file.path, { type: contentType }), file.name.replace(/[\r\n"]/g, '_'));
    return { form, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
