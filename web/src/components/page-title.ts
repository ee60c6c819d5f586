import { useEffect } from 'react';
import { MAIN_ID } from './landmarks';

const SITE = '核价工作台';

/**
 * The tab's title names the page (a browser's tabs and history, a screen reader on arrival, a
 * printed PDF's file name): the page's level-one heading, then the site. It is read off the
 * heading, so no page says its name twice and an error shown in a page's place names itself.
 */
export function useTitleFromHeading(): void {
  useEffect(() => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    const update = () => {
      // Print sheets are portalled out of <main>: their headings are not the page's.
      const heading = main.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim();
      const title = heading ? `${heading} - ${SITE}` : SITE;
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(main, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, []);
}
