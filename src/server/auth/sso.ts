import * as oidc from 'openid-client';
import type { Role } from '../../contract/session.js';
import type { SsoConfig } from '../config.js';
import { HttpError } from '../http-error.js';
import type { SsoLogins } from './sso-logins.js';

/** Who the identity provider says signed in: e-mail, name, and the dashboard role its claim maps to (null: none). */
export interface SsoIdentity {
  email: string;
  name: string;
  role: Role | null;
}

const RANK: Record<Role, number> = { manager: 3, staff: 2, intermediary: 1 };

/** The role a claim's value(s) map to (the highest when several do), else the configured default, else null. */
export function mappedRole(value: unknown, c: Pick<SsoConfig, 'roleMap' | 'defaultRole'>): Role | null {
  const values = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  let best: Role | null = null;
  for (const v of values) {
    const role = typeof v === 'string' ? c.roleMap.get(v) : undefined;
    if (role && (!best || RANK[role] > RANK[best])) best = role;
  }
  return best ?? c.defaultRole;
}

/** Whether a person of this e-mail gets an account at their first sign-on. */
export const domainAllowed = (email: string, allowed: readonly string[]): boolean =>
  allowed.includes(email.slice(email.lastIndexOf('@') + 1).toLowerCase());

/**
 * OpenID Connect sign-in (openid-client): the authorization code flow with PKCE (S256), a state
 * (kept server-side, used once) and a nonce. The provider's metadata is discovered at the first
 * sign-in and kept; a failed discovery is tried again at the next one.
 */
export class SsoClient {
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly c: SsoConfig,
    private readonly logins: SsoLogins,
  ) {}

  get name(): string {
    return this.c.providerName;
  }

  private configuration(): Promise<oidc.Configuration> {
    this.discovered ??= oidc
      .discovery(
        new URL(this.c.issuer),
        this.c.clientId,
        this.c.clientSecret,
        undefined,
        // http issuers only when the tests say so (OIDC_ALLOW_INSECURE_ISSUER)
        this.c.allowInsecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        this.discovered = null;
        throw err;
      });
    return this.discovered;
  }

  /** The provider's authorization address for a new sign-in, and its state (the browser keeps it in a cookie). */
  async begin(redirectUri: string): Promise<{ url: string; state: string }> {
    const config = await this.configuration();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await this.logins.begin(state, nonce, verifier);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state };
  }

  /**
   * The identity of a callback: its state must be the browser's and begun here (once), the code
   * exchanged with the verifier, the ID token's signature, issuer, audience, expiry and nonce checked.
   * Throws SSO_FAILED otherwise (the cause is logged by the caller).
   */
  async finish(callbackUrl: URL, browserState: string | null): Promise<SsoIdentity> {
    const state = callbackUrl.searchParams.get('state');
    if (!state || !browserState || state !== browserState)
      throw new HttpError('SSO_FAILED', 'The sign-on answer does not carry the state this browser began with.');
    const begun = await this.logins.take(state);
    if (!begun) throw new HttpError('SSO_FAILED', 'This sign-on was already used or is too old.');
    const config = await this.configuration();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: begun.verifier,
      expectedState: state,
      expectedNonce: begun.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new HttpError('SSO_FAILED', 'The provider sent no ID token.');
    // the ID token may carry only the subject: the rest from userinfo (same subject checked)
    const info = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
    const claims: Record<string, unknown> = { ...info, ...idToken };
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
    if (!email.includes('@') || claims.email_verified === false)
      throw new HttpError('SSO_FAILED', 'The provider did not give a verified e-mail address.');
    const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : email;
    return { email, name, role: mappedRole(claims[this.c.roleClaim], this.c) };
  }
}
