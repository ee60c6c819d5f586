import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Unreachable } from '../components/Unreachable';
import { authConfig, loadSignIn, type AuthConfig } from './config';
import { PageSpinner } from './PageSpinner';

// Only a service with a sign-in provider needs oidc-client-ts: its code loads with the settings.
const SignIn = lazy(() => loadSignIn().then((m) => ({ default: m.SignIn })));

/**
 * Reads the service's sign-in settings first: with a provider configured the page signs in
 * through it (SignIn); without one it is the page as before, with its token dialog on 401.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const [config, setConfig] = useState<AuthConfig | 'failed' | undefined>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    authConfig().then(
      (c) => live && setConfig(c),
      () => live && setConfig('failed'),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  if (config === undefined) return <PageSpinner />;
  if (config === 'failed') {
    // The sign-in settings are the first thing the page asks the service: without them it cannot go on.
    return <Unreachable heading onRetry={() => (setConfig(undefined), setAttempt((n) => n + 1))} />;
  }
  if (!config.enabled) return children;
  return (
    <Suspense fallback={<PageSpinner />}>
      <SignIn config={config}>{children}</SignIn>
    </Suspense>
  );
}
