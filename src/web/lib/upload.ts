import { CSRF_HEADER } from '../../contract/headers.js';
import type { z } from 'zod';
import { ApiError } from './api-error.js';
import { getCsrfToken } from './api-client.js';

/**
 * Uploads a form with progress (fetch cannot report upload progress, XMLHttpRequest can).
 * The Content-Type is left to the browser so the multipart boundary is set (spec 2.11).
 */
export function uploadWithProgress<S extends z.ZodType>(
  path: string,
  form: FormData,
  schema: S,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<z.infer<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader(CSRF_HEADER, getCsrfToken());
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', null));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.onload = () => {
      const response = new Response(xhr.responseText, {
        status: xhr.status,
        headers: {
          'content-type': xhr.getResponseHeader('content-type') ?? 'application/json',
          'x-request-id': xhr.getResponseHeader('x-request-id') ?? '',
        },
      });
      if (xhr.status >= 400) {
        void ApiError.from(response).then(reject);
        return;
      }
      const parsed = schema.safeParse(JSON.parse(xhr.responseText || 'null'));
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError(xhr.status, 'UNKNOWN', xhr.getResponseHeader('x-request-id')));
    };
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
