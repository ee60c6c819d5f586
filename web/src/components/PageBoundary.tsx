import { Button, Result } from 'antd';
import { Component, lazy, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { PageSpinner } from '../auth/PageSpinner';
import { Unreachable } from './Unreachable';

/**
 * Set in sessionStorage when the page reloaded itself because a page's code did not load; cleared
 * when a page's code loads again. A second failure in a row shows the message instead of reloading,
 * so the page never reloads in a loop.
 */
const RELOADED_KEY = 'pricing-page-reloaded-for-code';

/** The service's liveness probe: open, touches nothing, answers at once while the service runs. */
const PROBE = '/api/health/live';

/**
 * A page's code (its chunk) did not load. After a deploy, a tab opened earlier still asks for the
 * old build's file names, which the service no longer has; a reload gets the new `index.html`.
 * When the service is down, a reload would only show the browser's own error page.
 */
class PageLoadError extends Error {
  override name = 'PageLoadError';
}

function alreadyReloaded(): boolean {
  try {
    return sessionStorage.getItem(RELOADED_KEY) !== null;
  } catch {
    return true; // storage refused: the page could not remember a reload, so it makes none
  }
}

function rememberReload(): boolean {
  try {
    sessionStorage.setItem(RELOADED_KEY, new Date().toISOString());
    return true;
  } catch {
    return false; // a reload it cannot remember could repeat
  }
}

function forgetReload(): void {
  try {
    sessionStorage.removeItem(RELOADED_KEY);
  } catch {
    // nothing was remembered
  }
}

/** Whether the service answers now (a proxy's 502 is no answer of the service's). */
async function serviceAnswers(): Promise<boolean> {
  try {
    return (await fetch(PROBE, { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

interface PageModule {
  default: ComponentType;
}

/** The pages whose code failed to load, each with how to ask for it afresh. */
const failedPages = new Set<() => void>();

/**
 * React.lazy keeps a failed import for good: 重试 gives each failed page a fresh one. Only then,
 * since React renders a failed page again at once, which a fresh import would turn into a loop.
 */
function retryFailedPages(): void {
  for (const renew of failedPages) renew();
  failedPages.clear();
}

/**
 * React.lazy for a page: a failed import is a PageLoadError, a successful one forgets an earlier
 * reload. A page whose code has already come (`arrived`) is drawn at once; which of the two a
 * route draws is chosen when it mounts, so a page is never remounted for it.
 */
export function lazyPage(load: () => Promise<PageModule>, arrived: () => PageModule | undefined) {
  const renew = () => {
    Lazy = fresh();
  };
  const fresh = () =>
    lazy(() =>
      load().then(
        (module) => {
          forgetReload();
          return module;
        },
        (err: unknown) => {
          failedPages.add(renew);
          throw new PageLoadError(err instanceof Error ? err.message : String(err), { cause: err });
        },
      ),
    );
  let Lazy = fresh();
  const ready = () => {
    const module = arrived();
    if (module) forgetReload();
    return module;
  };
  return function Page() {
    const [module] = useState(ready);
    return module ? <module.default /> : <Lazy />;
  };
}

interface Props {
  /** The route: a new one starts without the last page's error (the menu keeps working). */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error?: Error;
  /** A page's code did not load: whether the service answers is being asked, or the page reloads. */
  busy?: boolean;
  /** The service did not answer when asked why the code did not load. */
  unreachable?: boolean;
}

/**
 * Around the lazy pages. When a page's code fails to load it asks whether the service answers:
 * if so (a deploy replaced the files) it reloads once; if not it says the service cannot be
 * reached, with 重试, in place: the header, the menu and what other pages keep stay. Any other
 * failure says so plainly.
 */
export class PageBoundary extends Component<Props, State> {
  override state: State = {};
  /** 重试 was clicked: a reload is then the person's own choice, not a loop. */
  private retried = false;

  static getDerivedStateFromError(error: unknown): State {
    const err = error instanceof Error ? error : new Error(String(error));
    return { error: err, busy: err instanceof PageLoadError, unreachable: false };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    if (!(error instanceof PageLoadError)) return;
    void serviceAnswers().then((up) => {
      if (this.state.error !== error) return; // another route or a retry meanwhile
      const mayReload = this.retried || !alreadyReloaded();
      this.retried = false;
      if (up && mayReload && rememberReload()) {
        window.location.reload();
        return;
      }
      this.setState({ busy: false, unreachable: !up });
    });
  }

  override componentDidUpdate(prev: Props): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: undefined, busy: false });
  }

  /** The page's code asked again; when it still fails, the service asked again. */
  private readonly retry = () => {
    retryFailedPages();
    this.retried = true;
    this.setState({ error: undefined, busy: false, unreachable: false });
  };

  override render() {
    const { error, busy, unreachable } = this.state;
    if (!error) return this.props.children;
    if (busy) return <PageSpinner />;
    if (unreachable) return <Unreachable heading onRetry={this.retry} />;
    const notLoaded = error instanceof PageLoadError;
    return (
      <Result
        status="error"
        // In place of the page, so it is the page's heading.
        title={<h1 style={{ font: 'inherit', margin: 0 }}>{notLoaded ? '页面加载失败' : '页面出错'}</h1>}
        subTitle={
          notLoaded ? '系统可能刚刚更新。请点“重试”；如果仍然失败，请联系系统管理员。' : '请重新加载页面；如果仍然出错，请联系系统管理员。'
        }
        extra={
          notLoaded ? (
            <Button type="primary" onClick={this.retry}>
              重试
            </Button>
          ) : (
            <Button type="primary" onClick={() => window.location.reload()}>
              重新加载
            </Button>
          )
        }
      />
    );
  }
}
