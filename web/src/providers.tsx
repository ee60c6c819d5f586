import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import type { ReactNode } from 'react';

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

/**
 * antd's settings for every page: the theme above, and the page's language (boot.tsx gives
 * zh_CN). The build renders the pages inside it too, to write their styles into a CSS file
 * (build/static-styles.tsx), with antd's default language: words do not change styles, and antd's
 * ES locale files do not load in Node. The page uses those styles only while its theme is the one
 * they were written with.
 */
export function AppProviders({ locale, children }: { locale?: Locale; children: ReactNode }) {
  return (
    <ConfigProvider locale={locale} theme={theme}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
