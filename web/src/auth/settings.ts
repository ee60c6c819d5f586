import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { CALLBACK_PATH, SIGNED_OUT_PATH, SILENT_CALLBACK_PATH, type AuthConfig } from './config';

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
