import { useEffect, useState } from 'react';
import { getSettings } from '../../api/services';
import { formatDateTime } from '../../format';

/** The company name once the settings have answered: a sheet made after that has it in its first drawing. */
let knownCompanyName: string | null = null;

/** COMPANY_NAME (GET /api/settings), the title of a printed sheet; null until known or when not set. */
export function useCompanyName(): string | null {
  const [companyName, setCompanyName] = useState<string | null>(knownCompanyName);
  useEffect(() => {
    let live = true;
    getSettings().then(
      (s) => {
        knownCompanyName = s.companyName;
        if (live) setCompanyName(s.companyName);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return companyName;
}

const now = () => formatDateTime(new Date().toISOString());

/** The page's footer line with the print time, taken again as printing starts (a <style> for @page). */
export function usePrintFooter() {
  const [printedAt, setPrintedAt] = useState(now);
  useEffect(() => {
    const stamp = () => setPrintedAt(now());
    window.addEventListener('beforeprint', stamp);
    return () => window.removeEventListener('beforeprint', stamp);
  }, []);
  return <style>{`@page { @bottom-right { content: ${JSON.stringify(`打印时间 ${printedAt}`)}; } }`}</style>;
}
