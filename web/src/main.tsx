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
  // The frame waits for the opened page's code (come or failed), so its first render draws the page.
  const opened = preloadPage(window.location.pathname);
  void Promise.all([import('./boot'), opened]).then(([m]) => m.renderPage());
}
