import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import Provider from 'oidc-provider';

type JWTPayload = Record<string, unknown>;

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const claimsOf = (jwt: string): JWTPayload => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as JWTPayload;
/** An RS256 JWT signed with the provider's own key (what a provider that got its claims wrong would send). */
function signed(claims: JWTPayload, key: KeyObject, kid: string): string {
  const input = `${b64({ alg: 'RS256', kid, typ: 'JWT' })}.${b64(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

/** A person the test identity provider knows: their claims (email, name, groups…). */
export type Account = Record<string, unknown> & { email: string };

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers the dashboard's callback (known once the dashboard listens) and starts answering. */
  serve: (redirectUri: string) => Promise<void>;
  /** Who signs in at the next interaction. */
  signsIn: (account: Account) => void;
  /** Changes the next ID token's claims (re-signed with the provider's key): a wrong audience, an expiry passed. */
  tamperNextIdToken: (change: (claims: JWTPayload) => JWTPayload) => void;
  close: () => Promise<void>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a free local port, for the
 * single sign-on tests: authorization code with PKCE required, one confidential client, an
 * interaction that signs in the account the test chose (no login form to fill).
 */
export async function startIdentityProvider(): Promise<TestIdentityProvider> {
  let provider: Provider | null = null;
  const server: Server = createServer((req, res) => {
    if (!provider) {
      res.writeHead(503).end();
      return;
    }
    if (req.url?.startsWith('/interaction/')) void finishInteraction(provider, req, res);
    else provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, Account>();
  let next: Account | null = null;
  let tamper: ((claims: JWTPayload) => JWTPayload) | null = null;

  async function finishInteraction(
    p: Provider,
    req: Parameters<Provider['interactionDetails']>[0],
    res: Parameters<Provider['interactionDetails']>[1],
  ) {
    try {
      const details = await p.interactionDetails(req, res);
      if (!next) throw new Error('the test did not say who signs in');
      const accountId = next.email;
      accounts.set(accountId, next);
      const grant = new p.Grant({ accountId, clientId: details.params.client_id ?? '' });
      grant.addOIDCScope(details.params.scope ?? 'openid');
      const grantId = await grant.save();
      await p.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  }

  const ip: TestIdentityProvider = {
    issuer,
    clientId: 'partner-dashboard',
    clientSecret: 'a-test-client-secret-of-some-length',
    async serve(redirectUri) {
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: ip.clientId,
            client_secret: ip.clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        jwks: { keys: [jwk] },
        pkce: { required: () => true },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups', 'role'] },
        ttl: { Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, Interaction: 600, AuthorizationCode: 60 },
        cookies: { keys: ['a-test-cookie-key'] },
        findAccount: (_ctx: unknown, sub: string) => ({
          accountId: sub,
          claims: () => ({ sub, ...accounts.get(sub) }),
        }),
      });
      provider.use(async (ctx, nextMiddleware) => {
        await nextMiddleware();
        const body = ctx.body as { id_token?: string } | undefined;
        if (ctx.path === '/token' && tamper && body?.id_token) {
          const change = tamper;
          tamper = null;
          body.id_token = signed(change(claimsOf(body.id_token)), privateKey, jwk.kid);
        }
      });
    },
    signsIn(account) {
      next = account;
    },
    tamperNextIdToken(change) {
      tamper = change;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return ip;
}
