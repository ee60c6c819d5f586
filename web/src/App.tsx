import { MenuOutlined } from '@ant-design/icons';
import { Button, Dropdown, Layout, Menu, Spin, Typography } from 'antd';
import { Suspense } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { useSession } from './auth/session';
import { UserMenu } from './auth/UserMenu';
import { useNarrow } from './components/narrow';
import { lazyPage, PageBoundary } from './components/PageBoundary';
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
  const selected = selectedMenu(pathname);
  if (!narrow) return <Menu theme="dark" mode="horizontal" selectedKeys={selected} items={MENU} />;
  return (
    <Dropdown menu={{ items: MENU, selectedKeys: selected }} trigger={['click']}>
      <Button type="text" icon={<MenuOutlined />} style={{ color: '#fff' }}>
        菜单
      </Button>
    </Dropdown>
  );
}

export function App() {
  const { pathname } = useLocation();
  const session = useSession();
  return (
    <Layout style={{ minHeight: '100vh' }}>
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
      <Layout.Content style={{ padding: 24 }}>
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
