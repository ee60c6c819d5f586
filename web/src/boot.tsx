import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { AuthGate } from './auth/AuthGate';
import './format'; // dayjs: zh-cn locale, time-zone plugins

const theme = {
  // WCAG AA contrast (4.5:1, checked by axe in test/web): a darker primary than antd's #1677ff
  // for links and primary buttons, and darker placeholders and secondary text (a Result's
  // explanation) than antd's 25% and 45% black. antd derives the hover and pressed shades by
  // lightening the primary (white on them falls under 4.5:1 while the pointer rests on a button),
  // so they darken instead: antd's blue-8 and blue-9.
  token: {
    colorPrimary: '#0958d9',
    colorPrimaryHover: '#003eb3',
    colorPrimaryActive: '#002c8c',
    colorLink: '#0958d9',
    colorLinkHover: '#003eb3',
    colorLinkActive: '#002c8c',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    colorTextDescription: 'rgba(0, 0, 0, 0.56)',
  },
};

/** The app, started by the entry script (main.tsx). */
export function renderPage() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ConfigProvider locale={zhCN} theme={theme}>
        <AntApp>
          <BrowserRouter>
            <AuthGate>
              <App />
            </AuthGate>
          </BrowserRouter>
        </AntApp>
      </ConfigProvider>
    </StrictMode>,
  );
}
