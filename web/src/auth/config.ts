/** GET /api/auth/config: the service's sign-in settings (open, no token). */
export type AuthConfig = { enabled: false } | { enabled: true; issuer: string; clientId: string; scopes: string; rolesClaim: string };

/** Where the provider sends the browser back after signing in; the service serves the page there. */
export const CALLBACK_PATH = '/signin-callback';
/** Loaded in a hidden iframe for silent renewal (no refresh token): it only hands its URL up. */
export const SILENT_CALLBACK_PATH = '/signin-silent';
/** Where the provider sends the browser after signing out: the page says so, with a way back in. */
export const SIGNED_OUT_PATH = '/signed-out';

async function fetchAuthConfig(): Promise<AuthConfig> {
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

let early: Promise<AuthConfig> | undefined;

/**
 * Started by the entry script, so the settings arrive while the app's code loads; with a provider,
 * its sign-in code (oidc-client-ts) starts loading too. Only a page with a provider needs that code.
 */
export function prefetchAuthConfig(): Promise<AuthConfig> {
  early = fetchAuthConfig();
  early.then(
    (c) => {
      if (c.enabled) loadSignIn().catch(() => undefined);
    },
    () => undefined,
  );
  return early;
}

/** The sign-in settings: the entry's request the first time, a new one on a retry. */
export function authConfig(): Promise<AuthConfig> {
  const answer = early ?? fetchAuthConfig();
  early = undefined;
  return answer;
}

export const loadSignIn = () => import('./SignIn');
