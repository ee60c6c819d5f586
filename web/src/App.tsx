import { MenuOutlined } from '@ant-design/icons';
import { Layout, Menu, Spin, Typography, type MenuProps } from 'antd';
import { Suspense, type MouseEvent } from 'react';
import { Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useSession } from './auth/session';
import { UserMenu } from './auth/UserMenu';
import { MenuButton } from './components/MenuButton';
import { useNarrow } from './components/narrow';
import { MAIN_ID, RESULTS_ID } from './components/landmarks';
import { lazyPage, PageBoundary } from './components/PageBoundary';
import { useTitleFromHeading } from './components/page-title';
import { TokenPrompt } from './components/TokenPrompt';
import { arrivedPage, pageCode, type Page } from './page-code';

// One chunk per page: the first page loads only what it needs (see docs/frontend.md for sizes).
const page = (name: Page) =>
  lazyPage(
    () => pageCode(name),
    () => arrivedPage(name),
  );
const PricingList = page('pricingList');
const SecondaryProcessList = page('secondaryProcessList');
const PricingDetail = page('pricingDetail');
const Overview = page('overview');
const Home = page('home');
const BomPrice = page('bomPrice');
const ExchangeRates = page('exchangeRates');

const MENU = [
  { key: '/', label: <Link to="/">工作台</Link> },
  { key: '/pricing', label: <Link to="/pricing">核价查询</Link> },
  { key: '/secondary-process', label: <Link to="/secondary-process">二次加工查询</Link> },
  { key: '/bom', label: <Link to="/bom">批量核价</Link> },
  { key: '/exchange-rates', label: <Link to="/exchange-rates">汇率</Link> },
];

function selectedMenu(pathname: string): string[] {
  const hit = MENU.find((m) => pathname === m.key || (m.key !== '/' && pathname.startsWith(`${m.key}/`)));
  return hit ? [hit.key] : [];
}

/**
 * On a phone the menu is a button that opens the list of pages: a horizontal menu would hide the
 * pages it cannot fit behind "…" while they still took focus.
 */
function Navigation({ pathname }: { pathname: string }) {
  const narrow = useNarrow();
  const navigate = useNavigate();
  const selected = selectedMenu(pathname);
  if (!narrow) return <Menu theme="dark" mode="horizontal" selectedKeys={selected} items={MENU} />;
  // Enter on a page: the menu keeps the key from the link (MenuButton), so it goes there itself. A click the link follows.
  const go: MenuProps['onClick'] = ({ key, domEvent }) => domEvent.type === 'keydown' && void navigate(key);
  return (
    <MenuButton menu={{ items: MENU, selectedKeys: selected, onClick: go }} type="text" icon={<MenuOutlined />} style={{ color: '#fff' }}>
      菜单
    </MenuButton>
  );
}

/** The pages whose skip link goes to a list's results. */
const LIST_PAGES = ['/pricing', '/secondary-process', '/exchange-rates'];

// Out of sight until the keyboard reaches it: the first Tab stop of every page.
const SKIP_STYLE = `.skip-link { position: absolute; left: 8px; top: 8px; z-index: 1100; padding: 8px 16px; background: #fff;
  color: #0958d9; border-radius: 6px; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.25); transform: translateY(-200%); }
.skip-link:focus { transform: none; }
#${MAIN_ID}:focus, #${RESULTS_ID}:focus { outline: none; }`;

/**
 * 跳到结果 (on a list: past the menu, the views and the search form to the rows) or 跳到正文. The
 * focus moves there, so the next Tab is the first thing in it; the address keeps no hash.
 */
function SkipLink({ pathname }: { pathname: string }) {
  const list = LIST_PAGES.includes(pathname.replace(/\/$/, ''));
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    const target = (list && document.getElementById(RESULTS_ID)) || document.getElementById(MAIN_ID);
    target?.focus({ preventScroll: true });
    target?.scrollIntoView({ block: 'start' });
  };
  return (
    <>
      <style>{SKIP_STYLE}</style>
      {/* To the content, which is always there: a list's results are not while its page fails to load. */}
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skip}>
        {list ? '跳到结果' : '跳到正文'}
      </a>
    </>
  );
}

export function App() {
  const { pathname } = useLocation();
  const session = useSession();
  useTitleFromHeading();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink pathname={pathname} />
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 32, paddingInline: 24 }}>
        <Typography.Text strong style={{ color: '#fff', fontSize: 18, whiteSpace: 'nowrap' }}>
          核价工作台
        </Typography.Text>
        <nav aria-label="主导航" style={{ flex: 1, minWidth: 0 }}>
          <Navigation pathname={pathname} />
        </nav>
        <UserMenu />
      </Layout.Header>
      {/* antd's Content is the page's <main> landmark. */}
      <Layout.Content id={MAIN_ID} tabIndex={-1} style={{ padding: 24 }}>
        <PageBoundary resetKey={pathname}>
          <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '80px auto' }} />}>
            <Routes>
              <Route path="/" element={<Home />} />
              <Route path="/pricing" element={<PricingList />} />
              <Route path="/pricing/:id" element={<PricingDetail />} />
              <Route path="/secondary-process" element={<SecondaryProcessList />} />
              <Route path="/bom" element={<BomPrice />} />
              <Route path="/exchange-rates" element={<ExchangeRates />} />
              <Route path="/overview" element={<Overview />} />
              <Route path="*" element={<Navigate to="/" replace />} />
            </Routes>
          </Suspense>
        </PageBoundary>
      </Layout.Content>
      {session.mode === 'token' && <TokenPrompt />}
    </Layout>
  );
}
