import { CALLBACK_PATH, SIGNED_OUT_PATH, SILENT_CALLBACK_PATH } from './config';

/**
 * The person's place: the page's address, which holds a list's filters, sort and page too. Sent
 * along in the sign-in request's `state` (oidc-client-ts keeps it in sessionStorage and hands it
 * back with the user), so a sign-in, the first or one after the session ran out, returns them to it.
 */
export interface Place {
  path: string;
}

export function currentPlace(): Place {
  const { pathname, search, hash } = window.location;
  return { path: pathname + search + hash };
}

function isPlace(value: unknown): value is Place {
  const path = (value as Place | null)?.path;
  if (typeof path !== 'string' || !path.startsWith('/')) return false;
  // Only a path of this page: never another origin that a crafted state could name (`//host`,
  // `/\host`), nor the sign-in's own callback pages.
  const url = new URL(path, window.location.origin);
  return url.origin === window.location.origin && ![CALLBACK_PATH, SILENT_CALLBACK_PATH, SIGNED_OUT_PATH].includes(url.pathname);
}

/** The path to go back to after a sign-in. */
export function restorePlace(state: unknown, fallback: string): string {
  return isPlace(state) ? state.path : fallback;
}
