import { UserManager, WebStorageStateStore } from 'oidc-client-ts';

/** GET /api/auth/config: the service's sign-in settings (open, no token). */
export type AuthConfig = { enabled: false } | { enabled: true; issuer: string; clientId: string; scopes: string; rolesClaim: string };

/** Where the provider sends the browser back after signing in; the service serves the page there. */
export const CALLBACK_PATH = '/signin-callback';
/** Loaded in a hidden iframe for silent renewal (no refresh token): it only hands its URL up. */
export const SILENT_CALLBACK_PATH = '/signin-silent';
/** Where the provider sends the browser after signing out: the page says so, with a way back in. */
export const SIGNED_OUT_PATH = '/signed-out';

export async function fetchAuthConfig(): Promise<AuthConfig> {
  const res = await fetch('/api/auth/config', { headers: { Accept: 'application/json' } });
  // A service without sign-in (an older one: 404) keeps the token dialog.
  if (!res.ok) return { enabled: false };
  const body = (await res.json()) as Partial<AuthConfig> & { success?: boolean };
  if (body.enabled !== true || !body.issuer || !body.clientId) return { enabled: false };
  return {
    enabled: true,
    issuer: body.issuer,
    clientId: body.clientId,
    scopes: body.scopes || 'openid profile',
    rolesClaim: body.rolesClaim ?? 'roles',
  };
}

/**
 * The authorization-code flow with PKCE (oidc-client-ts's only flow), a public client: no secret
 * in the page. The user (tokens, ID token profile) lives in sessionStorage, gone with the tab, as
 * the dialog's token is. Renewal uses the refresh token when the provider issues one (Entra ID,
 * Keycloak), else a hidden iframe with prompt=none on the provider's session.
 */
export function createUserManager(config: Extract<AuthConfig, { enabled: true }>): UserManager {
  const origin = window.location.origin;
  return new UserManager({
    authority: config.issuer,
    client_id: config.clientId,
    redirect_uri: origin + CALLBACK_PATH,
    silent_redirect_uri: origin + SILENT_CALLBACK_PATH,
    post_logout_redirect_uri: origin + SIGNED_OUT_PATH,
    scope: config.scopes,
    response_type: 'code',
    automaticSilentRenew: true,
    // The name comes from the ID token (or /api/auth/me): Entra's userinfo endpoint belongs to
    // Microsoft Graph and would refuse a token issued for this API.
    loadUserInfo: false,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  });
}
