import { UserManager } from 'oidc-client-ts';

/**
 * The silent-renewal iframe's page: hands the provider's answer (its URL) to the page that opened
 * the iframe, which completes the sign-in. Settings are required by the constructor but unused here.
 */
export function finishSilentSignin(): Promise<void> {
  const origin = window.location.origin;
  return new UserManager({ authority: origin, client_id: 'pricing-web', redirect_uri: origin }).signinSilentCallback();
}
