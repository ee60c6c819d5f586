/**
 * Prints the antd styles of the app's first screens as one CSS file (run by vite.config.ts's
 * build): each route is rendered to HTML once, as the page first draws it, and antd's style cache
 * is written out with the map of what it holds (@ant-design/cssinjs `extractStyle`). A page that
 * finds a style in that map uses the file's rules instead of generating them, a large part of its
 * script time before the first rows; styles of anything not drawn here (a dialog, a row's badge)
 * are still made in the page when needed.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { Alert, Checkbox, Descriptions, Pagination, Statistic, Tag } from 'antd';
import type { ReactNode } from 'react';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from '../src/App';
import { AppProviders } from '../src/providers';

const ROUTES = ['/', '/pricing', '/secondary-process', '/bom', '/exchange-rates', '/overview', '/pricing/1'];

/**
 * What the first screens draw only once their data has come (a list's paging and checkboxes,
 * 工作台's figures, a review's header, notes and tags): the routes are rendered here without it.
 */
const WITH_DATA = (
  <>
    <Pagination total={100} showSizeChanger />
    <Checkbox />
    <Statistic value={1} />
    <Descriptions items={[{ key: 'a', label: 'a', children: 'a' }]} />
    <Alert message="a" />
    <Tag>a</Tag>
  </>
);

/** Renders one route completely (its lazy page included), and then what it draws with data, into the shared style cache. */
function render(location: string, cache: ReturnType<typeof createCache>, extra?: ReactNode): Promise<void> {
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(
      <StyleProvider cache={cache}>
        <AppProviders>
          <StaticRouter location={location}>
            <App />
          </StaticRouter>
          {extra}
        </AppProviders>
      </StyleProvider>,
      {
        onAllReady: () => {
          stream.pipe(new PassThrough().resume()).on('finish', resolve);
        },
        onShellError: reject,
        onError: reject,
      },
    );
  });
}

/** The CSS of every route's first screen, with the map the page reads to skip making it again. */
export async function staticStyles(): Promise<string> {
  const cache = createCache();
  for (const route of ROUTES) await render(route, cache);
  await render('/', cache, WITH_DATA);
  return extractStyle(cache, { plain: true });
}
