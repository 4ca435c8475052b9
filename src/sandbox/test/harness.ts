import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildSandbox, type Sandbox, type SandboxOptions } from '../app.js';
import { DEMO_ORGANIZATIONS } from '../seed/organizations.js';

export const DEMO_KEY = DEMO_ORGANIZATIONS[0].apiKey;
export const OTHER_KEY = DEMO_ORGANIZATIONS[1].apiKey;

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  raw: ArrayBuffer;
}

export interface TestSandbox extends Sandbox {
  url: string;
  dataDir: string;
  call: <T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    options?: { token?: string | null; headers?: Record<string, string> },
  ) => Promise<Answer<T>>;
  upload: <T = Record<string, unknown>>(
    path: string,
    parts: { file?: { name: string; bytes: Uint8Array<ArrayBuffer>; type?: string }; documentType?: string; comment?: string },
    token?: string,
  ) => Promise<Answer<T>>;
  close: () => Promise<void>;
}

/** A real sandbox on a free port with a temporary data directory, spoken to over HTTP. */
export async function startSandbox(options: Partial<SandboxOptions> = {}): Promise<TestSandbox> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  const sandbox = await buildSandbox({ webhooks: { deliver: false }, ...options, dataDir });
  await sandbox.app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(sandbox.app.server.address() as AddressInfo).port}`;

  const decode = async <T>(res: Response): Promise<Answer<T>> => {
    const raw = await res.arrayBuffer();
    const text = new TextDecoder().decode(raw);
    let body: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
    return { status: res.status, body: body as T, headers: res.headers, raw };
  };

  return {
    ...sandbox,
    url,
    dataDir,
    async call(method, path, body, opts = {}) {
      const token = opts.token === undefined ? DEMO_KEY : opts.token;
      const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...opts.headers };
      let payload: string | undefined;
      if (body !== undefined) {
        headers['content-type'] ??= 'application/json';
        payload = typeof body === 'string' ? body : JSON.stringify(body);
      }
      return decode(await fetch(url + path, { method, headers, body: payload }));
    },
    async upload(path, parts, token = DEMO_KEY) {
      const form = new FormData();
      if (parts.documentType !== undefined) form.append('documentType', parts.documentType);
      if (parts.comment !== undefined) form.append('comment', parts.comment);
      if (parts.file)
        form.append('file', new Blob([parts.file.bytes], { type: parts.file.type ?? 'application/octet-stream' }), parts.file.name);
      return decode(await fetch(url + path, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }));
    },
    async close() {
      await sandbox.app.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n%test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
export const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
export const GIF_BYTES = new TextEncoder().encode('GIF89a\x01\x00\x01\x00');

export const phone = { phoneContryCode: 'FR', phoneOrigin: '06 12 34 56 78', phoneFormated: '+33612345678' };
export const address = { country: 'France', address: '10 rue de la Paix', zipCode: '75002', city: 'Paris' };

/** A valid project body: a private-sector permanent employee earning 3,000 (score 1,000). */
export function projectBody(overrides: Record<string, unknown> = {}) {
  return {
    profile: { gender: 2, firstName: 'Alice', lastName: 'Testeur', email: 'alice.testeur@exemple.fr', dateOfBirth: '1990-05-17', phone },
    finance: { status: 4, monthlyIncome: 3000 },
    metadata: { source: 'test' },
    ...overrides,
  };
}

/** The overrides of projectBody for a tenant by name and e-mail (the searches' and lists' tenants). */
export const tenantNamed = (firstName: string, lastName: string, email: string) => ({
  profile: { gender: 1, firstName, lastName, email, dateOfBirth: '1985-02-03', phone },
});

export function rentBody(today: string, overrides: Record<string, unknown> = {}) {
  return {
    owner: { firstName: 'Paul', lastName: 'Proprio', email: 'paul@exemple.fr', phone },
    ownerType: 0,
    ownerAddress: address,
    addressInformation: address,
    rentAmount: 800,
    rentAlone: 0,
    startLease: today,
    bailType: 0,
    ...overrides,
  };
}

export function claimBody(rentDueDate: string, overrides: Record<string, unknown> = {}) {
  return {
    rentAmount: 800,
    rentAmountReceived: 0,
    rentAmountReceivedDate: null,
    rentDueDate,
    legalInfo: { firstName: 'Sophie', lastName: 'Lambert', email: 'sophie@agence.fr', phone, companyName: 'Agence', companyType: 'SAS' },
    mainOwnerEmail: 'owner@exemple.fr',
    ownerEmailsBcc: [],
    metadata: { externalReference: 'REF-1' },
    ...overrides,
  };
}
