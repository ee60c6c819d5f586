import { createContext, useContext } from 'react';

/** Who /api/auth/me says is signed in. */
export interface Me {
  subject: string;
  name?: string;
  /** The 核价员 name 工作台's 我的 narrows to (the token's name claim), when the token has one. */
  clerk?: string | null;
  roles: string[];
  via: 'jwt' | 'token';
}

/**
 * How the page is signed in: the token dialog (no provider configured on the service), or the
 * company's provider, with the person's name, their roles and 核价员 name once /api/auth/me
 * answered, and sign-out.
 */
export type Session =
  | { mode: 'token' }
  | { mode: 'oidc'; name: string; roles: readonly string[] | undefined; clerk: string | undefined; signOut: () => Promise<void> };

export const SessionContext = createContext<Session>({ mode: 'token' });

export function useSession(): Session {
  return useContext(SessionContext);
}

export const EXPORT_ROLE = 'pricing.export';

/**
 * Whether to offer the exports. The dialog's tokens and a sign-in whose roles are not known yet
 * (or /api/auth/me failed) keep them: the service still refuses with 403, which the page says plainly.
 */
export function useCanExport(): boolean {
  const session = useSession();
  return session.mode === 'token' || session.roles === undefined || session.roles.includes(EXPORT_ROLE);
}
