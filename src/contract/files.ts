/** Upload checks by content (magic bytes), never by file name or declared type. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

const SIGNATURES: { type: string; bytes: number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
];

/** The content type the bytes prove (PDF, PNG, JPEG, GIF), or null. */
export function sniffContentType(head: Uint8Array): string | null {
  for (const s of SIGNATURES) {
    if (s.bytes.every((b, i) => head[i] === b)) {
      if (s.type === 'image/gif' && !((head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61)) continue;
      return s.type;
    }
  }
  return null;
}
