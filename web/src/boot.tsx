import zhCN from 'antd/es/locale/zh_CN';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { AuthGate } from './auth/AuthGate';
import './format'; // dayjs: zh-cn locale
import { AppProviders } from './providers';

/** The app, started by the entry script (main.tsx). */
export function renderPage() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders locale={zhCN}>
        <BrowserRouter>
          <AuthGate>
            <App />
          </AuthGate>
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}
