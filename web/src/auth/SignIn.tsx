import { Button, Result } from 'antd';
import type { User, UserManager } from 'oidc-client-ts';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AuthProvider, hasAuthParams, useAuth } from 'react-oidc-context';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { getJson, setTokenSource, type TokenSource } from '../api/client';
import { PageSpinner } from './PageSpinner';
import { currentPlace, restorePlace, type Place } from './place';
import { SessionContext, type Me, type Session } from './session';
import { CALLBACK_PATH, SIGNED_OUT_PATH, type AuthConfig } from './config';
import { createUserManager } from './settings';

const HOME = '/pricing';

/**
 * The page signed in through the company's provider (react-oidc-context over oidc-client-ts):
 * the authorization-code flow with PKCE, back at CALLBACK_PATH, then to where the person was.
 */
export function SignIn({ config, children }: { config: Extract<AuthConfig, { enabled: true }>; children: ReactNode }) {
  const [manager] = useState(() => createUserManager(config));
  const navigate = useNavigate();
  // Replacing the callback URL also drops its code and state from the address bar and history.
  const onSigninCallback = useCallback(
    (user: User | undefined) => void navigate(restorePlace(user?.state, HOME), { replace: true }),
    [navigate],
  );
  // Whether this page load is the provider's answer; decided once, as AuthProvider decides it.
  const [answered] = useState(() => window.location.pathname === CALLBACK_PATH && hasAuthParams());
  return (
    <AuthProvider userManager={manager} onSigninCallback={onSigninCallback} skipSigninCallback={!answered}>
      <SignedIn manager={manager} answered={answered}>
        {children}
      </SignedIn>
    </AuthProvider>
  );
}

/**
 * apiFetch's tokens: the signed-in user's access token; after a 401 a silent renewal (refresh
 * token or iframe), and when the provider's session is over too, a sign-in that keeps the place.
 * Several 401s at once share one renewal.
 */
function userTokens(manager: UserManager, signInAgain: () => Promise<void>): TokenSource {
  let renewing: Promise<string | undefined> | undefined;
  const renew = async (): Promise<string | undefined> => {
    try {
      const renewed = await manager.signinSilent();
      if (renewed) return renewed.access_token;
    } catch {
      // no session left at the provider (or it cannot be reached silently): sign in again
    }
    await signInAgain();
    return new Promise<never>(() => undefined); // the browser is on its way to the provider
  };
  return {
    // Read from the user store each time: a renewal, in this tab or by the timer, is seen at once.
    current: async () => (await manager.getUser())?.access_token,
    renew: () =>
      (renewing ??= renew().finally(() => {
        renewing = undefined;
      })),
  };
}

function SignedIn({ manager, answered, children }: { manager: UserManager; answered: boolean; children: ReactNode }) {
  const auth = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [me, setMe] = useState<Me | undefined>();
  /** Set once the page is going to the provider, so nothing starts a second redirect meanwhile. */
  const leaving = useRef(false);
  const signIn = useCallback(
    (place: Place = currentPlace()) => {
      leaving.current = true;
      return manager.signinRedirect({ state: place });
    },
    [manager],
  );
  // Installed before any page renders: the pages mount only once a user is there (below).
  useEffect(() => {
    setTokenSource(userTokens(manager, signIn));
    return () => setTokenSource(undefined);
  }, [manager, signIn]);

  const noUser = !auth.user;
  const mustSignIn = noUser && !auth.isLoading && !auth.activeNavigator && !auth.error && pathname !== SIGNED_OUT_PATH;
  useEffect(() => {
    if (mustSignIn && !leaving.current) void signIn();
  }, [mustSignIn, signIn]);

  // Roles come from the service, which reads them from the access token as it checks them.
  const subject = auth.user?.profile.sub;
  useEffect(() => {
    if (!subject) return undefined;
    let live = true;
    getJson<Me>('/api/auth/me').then(
      (answer) => live && setMe(answer),
      () => live && setMe(undefined),
    );
    return () => {
      live = false;
    };
  }, [subject]);

  const signOut = useCallback(async () => {
    leaving.current = true;
    const endSession = await manager.metadataService.getEndSessionEndpoint().catch(() => undefined);
    if (endSession) {
      try {
        await manager.signoutRedirect();
        return;
      } catch {
        // the provider cannot be reached: at least forget the tokens here
      }
    }
    await manager.removeUser();
    void navigate(SIGNED_OUT_PATH, { replace: true });
  }, [manager, navigate]);

  const session = useMemo<Session>(() => {
    const profile = auth.user?.profile;
    const name = profile?.name ?? profile?.preferred_username ?? me?.name ?? profile?.sub ?? '';
    return { mode: 'oidc', name, roles: me?.roles, clerk: me?.clerk ?? undefined, signOut };
  }, [auth.user?.profile, me, signOut]);

  if (noUser && pathname === SIGNED_OUT_PATH) {
    return (
      <Result
        status="info"
        title="已退出登录"
        extra={
          <Button type="primary" onClick={() => void signIn({ path: HOME })}>
            重新登录
          </Button>
        }
      />
    );
  }
  if (noUser && auth.error) {
    return (
      <Result
        status="error"
        title="登录失败"
        subTitle={auth.error.message}
        extra={
          <Button type="primary" onClick={() => void signIn({ path: HOME })}>
            重新登录
          </Button>
        }
      />
    );
  }
  if (pathname === CALLBACK_PATH) {
    // The user is there a moment before onSigninCallback has sent the router to the person's place
    // (a transition, rendered later): the page's routes must not see the callback URL meanwhile,
    // or their catch-all would send the person to the first list.
    return answered || noUser ? <PageSpinner /> : <Navigate to={HOME} replace />;
  }
  if (noUser) return <PageSpinner />;
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
