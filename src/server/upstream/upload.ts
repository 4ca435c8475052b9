import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { FormData } from 'undici';
import { DocumentCommentSchema } from '../../contract/claims.js';
import { MAX_FILE_BYTES, sniffContentType } from '../../contract/files.js';
import { isMalformedMultipart } from '../../platform/fastify-errors.js';
import { HttpError, fromZod } from '../http-error.js';

/**
 * Uploads are spooled under DATA_DIR/spool (not the system's temporary directory): a crash
 * mid-upload leaves its directory there, and the next start sweeps them all.
 */
export async function sweepSpool(dataDir: string): Promise<string> {
  const dir = join(dataDir, 'spool');
  await mkdir(dir, { recursive: true });
  for (const entry of await readdir(dir)) if (entry.startsWith('upload-')) await rm(join(dir, entry), { recursive: true, force: true });
  return dir;
}

/** A form the parser cannot read (no or wrong boundary, truncated, garbage): 400, never a 500. */
function malformed(err: unknown): unknown {
  if (err instanceof HttpError || !isMalformedMultipart(err)) return err;
  return new HttpError('INVALID_REQUEST', 'Malformed multipart/form-data body: send the form again.');
}

export interface SpooledUpload {
  /**
   * A fresh form each call (undici's FormData: it writes the boundaries and the length); its file
   * is a Blob backed by the spool file (fs.openAsBlob), read from disk while it is sent.
   */
  form: () => Promise<FormData>;
  cleanup: () => Promise<void>;
  /** What was sent, as checked here (recorded once the partner accepts it). */
  sent: { fileName: string; size: number; contentType: string; documentType: string | null; comment: string | null };
}

/** The form sent upstream: the checked fields, then the file as the sniffed type. */
async function formOf(fields: Map<string, string>, file: { path: string; name: string }, contentType: string): Promise<FormData> {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  form.append('file', await openAsBlob(file.path, { type: contentType }), file.name);
  return form;
}

interface SpooledFile {
  path: string;
  name: string;
  size: number;
  head: Buffer;
  truncated: boolean;
}

/** Reads the form's parts: the file streams to `dir` while counted and sniffed; documentType and comment are kept. */
async function readParts(request: FastifyRequest, dir: string, fields: Map<string, string>): Promise<SpooledFile | null> {
  let file: SpooledFile | null = null;
  for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, fieldSize: 16 * 1024 } })) {
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
      // a value longer than the parser keeps is refused, never forwarded cut
      if (part.valueTruncated)
        throw new HttpError('INVALID_REQUEST', `${part.fieldname}: too long`, [{ path: part.fieldname, message: 'too long' }]);
      fields.set(part.fieldname, String(part.value));
    }
  }
  return file;
}

/**
 * The comment (spec 2.5): at most 1,000 characters, refused beyond (never cut), empty dropped.
 * Its line breaks are CRLF, as a form sends them (a browser does; FormData writes them so): the
 * comment checked is the one forwarded.
 */
function checkComment(fields: Map<string, string>): void {
  const comment = fields.get('comment')?.replace(/\r?\n|\r/g, '\r\n');
  if (comment === undefined) return;
  const parsed = DocumentCommentSchema.safeParse(comment);
  if (!parsed.success) {
    const e = fromZod(parsed.error);
    throw new HttpError(
      'INVALID_REQUEST',
      `comment: ${e.message}`,
      e.details?.map((d) => ({ ...d, path: 'comment' })),
    );
  }
  if (parsed.data) fields.set('comment', parsed.data);
  else fields.delete('comment');
}

/**
 * Checks an upload before anything reaches the partner service, without holding the file in
 * memory: the file streams to a spool file while its size is counted and its first bytes
 * sniffed; the form sent upstream holds that file as a file-backed Blob, read back as it is sent.
 * Refuses: a malformed form (400), no file (E0142), more than 10 MB (E0145), content not
 * JPEG/GIF/PNG/PDF (E0144), a comment over 1,000 characters (400).
 */
export async function spoolUpload(request: FastifyRequest, spoolDir: string): Promise<SpooledUpload> {
  if (!request.isMultipart()) throw new HttpError('E0142', 'Send the document as multipart/form-data with a "file" field.');
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_FILE_BYTES + 64 * 1024) throw new HttpError('E0145');
  const dir = await mkdtemp(join(spoolDir, 'upload-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const fields = new Map<string, string>();
    const file = await readParts(request, dir, fields).catch((err: unknown) => {
      throw malformed(err);
    });
    checkComment(fields);
    if (!file || file.size === 0) throw new HttpError('E0142');
    if (file.truncated || file.size > MAX_FILE_BYTES) throw new HttpError('E0145');
    const contentType = sniffContentType(file.head);
    if (!contentType) throw new HttpError('E0144');
    const sent = {
      fileName: file.name,
      size: file.size,
      contentType,
      documentType: fields.get('documentType') ?? null,
      comment: fields.get('comment') ?? null,
    };
    return { form: () => formOf(fields, file, contentType), cleanup, sent };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
