import { Button, Result } from 'antd';
import { Component, lazy, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { PageSpinner } from '../auth/PageSpinner';

/**
 * Set in sessionStorage when the page reloaded itself because a page's code did not load; cleared
 * when a page's code loads again. A second failure in a row shows the message instead of reloading,
 * so the page never reloads in a loop.
 */
const RELOADED_KEY = 'pricing-page-reloaded-for-code';

/**
 * A page's code (its chunk) did not load. After a deploy, a tab opened earlier still asks for the
 * old build's file names, which the service no longer has; a reload gets the new `index.html`.
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

function forgetReload(): void {
  try {
    sessionStorage.removeItem(RELOADED_KEY);
  } catch {
    // nothing was remembered
  }
}

interface PageModule {
  default: ComponentType;
}

/**
 * React.lazy for a page: a failed import is a PageLoadError, a successful one forgets an earlier
 * reload. A page whose code has already come (`arrived`) is drawn at once; which of the two a
 * route draws is chosen when it mounts, so a page is never remounted for it.
 */
export function lazyPage(load: () => Promise<PageModule>, arrived: () => PageModule | undefined) {
  const Lazy = lazy(() =>
    load().then(
      (module) => {
        forgetReload();
        return module;
      },
      (err: unknown) => {
        throw new PageLoadError(err instanceof Error ? err.message : String(err), { cause: err });
      },
    ),
  );
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
  /** The error is a page whose code did not load, and the page has not reloaded for that yet. */
  reload?: boolean;
}

/** Around the lazy pages: reloads once when a page's code fails to load, else says so plainly. */
export class PageBoundary extends Component<Props, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    const err = error instanceof Error ? error : new Error(String(error));
    return { error: err, reload: err instanceof PageLoadError && !alreadyReloaded() };
  }

  override componentDidCatch(_error: Error, _info: ErrorInfo): void {
    if (!this.state.reload) return;
    try {
      sessionStorage.setItem(RELOADED_KEY, new Date().toISOString());
    } catch {
      this.setState({ reload: false }); // a reload it cannot remember could repeat: show the message
      return;
    }
    window.location.reload();
  }

  override componentDidUpdate(prev: Props): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: undefined, reload: false });
  }

  override render() {
    const { error, reload } = this.state;
    if (!error) return this.props.children;
    if (reload) return <PageSpinner />;
    const notLoaded = error instanceof PageLoadError;
    return (
      <Result
        status="error"
        // In place of the page, so it is the page's heading.
        title={<h1 style={{ font: 'inherit', margin: 0 }}>{notLoaded ? '页面加载失败' : '页面出错'}</h1>}
        subTitle={
          notLoaded
            ? '系统可能刚刚更新，或者网络中断了。请重新加载页面；如果仍然失败，请联系系统管理员。'
            : '请重新加载页面；如果仍然出错，请联系系统管理员。'
        }
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            重新加载
          </Button>
        }
      />
    );
  }
}
