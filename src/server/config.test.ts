import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('SYNC_LEASE_SECONDS', () => {
  it('is 30 s unless set, and is read in seconds', () => {
    expect(loadConfig({}).syncLeaseMs).toBe(30_000);
    expect(loadConfig({ SYNC_LEASE_SECONDS: '90' }).syncLeaseMs).toBe(90_000);
  });

  it('refuses a lease too short to renew, too long to wait for, or not a number, and names the variable', () => {
    for (const bad of ['0', '4', '601', '-30', '1e300', 'soon', '7.5'])
      expect(() => loadConfig({ SYNC_LEASE_SECONDS: bad }), bad).toThrow(ConfigError);
    expect(() => loadConfig({ SYNC_LEASE_SECONDS: '4' })).toThrow(/SYNC_LEASE_SECONDS/);
  });
});

describe('TLS_CERT_FILE and TLS_KEY_FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'config-tls-'));
  const pair = (name: string) => {
    const [cert, key] = [join(dir, `${name}-cert.pem`), join(dir, `${name}-key.pem`)];
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-days', '1', '-keyout', key, '-out', cert],
      {
        stdio: 'ignore',
      },
    );
    return { cert, key };
  };
  const { cert, key } = pair('one');
  const other = pair('other');
  const fake = join(dir, 'fake.pem');
  writeFileSync(fake, '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are unset by default (plain HTTP), and read both files when both are given', () => {
    expect(loadConfig({}).tls).toBeNull();
    const { tls } = loadConfig({ TLS_CERT_FILE: cert, TLS_KEY_FILE: key });
    expect(tls?.cert.toString()).toMatch(/BEGIN CERTIFICATE/);
    expect(tls?.key.toString()).toMatch(/BEGIN PRIVATE KEY/);
  });

  it('refuses one without the other, a missing file or one that is not PEM, naming the variable', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: cert })).toThrow(/TLS_CERT_FILE .*TLS_KEY_FILE/);
    expect(() => loadConfig({ TLS_KEY_FILE: key })).toThrow(/TLS_CERT_FILE .*TLS_KEY_FILE/);
    expect(() => loadConfig({ TLS_CERT_FILE: join(dir, 'none.pem'), TLS_KEY_FILE: key })).toThrow(
      /TLS_CERT_FILE .*none\.pem cannot be read/,
    );
    expect(() => loadConfig({ TLS_CERT_FILE: cert, TLS_KEY_FILE: cert })).toThrow(/TLS_KEY_FILE .* is not a PEM file/);
    expect(() => loadConfig({ TLS_CERT_FILE: key, TLS_KEY_FILE: key })).toThrow(/TLS_CERT_FILE .* is not a PEM file/);
    expect(() => loadConfig({ TLS_CERT_FILE: dir, TLS_KEY_FILE: key })).toThrow(ConfigError);
    // a key that is not the certificate's, or not a key at all
    expect(() => loadConfig({ TLS_CERT_FILE: cert, TLS_KEY_FILE: other.key })).toThrow(/are not a certificate and its private key/);
    expect(() => loadConfig({ TLS_CERT_FILE: cert, TLS_KEY_FILE: fake })).toThrow(/are not a certificate and its private key/);
  });
});
