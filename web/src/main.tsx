/**
 * The entry script: small, so that what the page needs starts loading at once and side by side:
 * the sign-in settings, what the opened page asks first, the opened page's code and the app's frame (boot.tsx).
 */
import { prefetchAuthConfig, SILENT_CALLBACK_PATH } from './auth/config';
import { prefetchFirstRequest } from './first-request';
import { preloadPage } from './page-code';

// In the silent-renewal iframe the page only passes the provider's answer up; nothing is shown.
if (window.location.pathname === SILENT_CALLBACK_PATH) {
  void import('./auth/silent').then((m) => m.finishSilentSignin());
} else {
  prefetchFirstRequest(window.location, prefetchAuthConfig());
  preloadPage(window.location.pathname);
  void import('./boot').then((m) => m.renderPage());
}
