import type { WorkbenchItem } from './api/services';

const LIST_PATH: Record<WorkbenchItem['list'], string> = { pricing: '/pricing', secondaryProcess: '/secondary-process' };
/** Rates the lists' forms and addresses show in per cent (10 for a rise of 10 %). */
const PERCENT_FIELDS = new Set(['minChangeRate', 'maxChangeRate']);

/** The list page that shows a 工作台 item's rows: its path and its filters as the list's address parameters. */
export function listAddress(item: Pick<WorkbenchItem, 'list' | 'filters'>): string {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(item.filters)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) params.set(field, value.join(','));
    else if (typeof value === 'number') params.set(field, String(PERCENT_FIELDS.has(field) ? Math.round(value * 1e6) / 1e4 : value));
    else if (typeof value === 'string' || typeof value === 'boolean') params.set(field, String(value));
  }
  const search = params.toString().replace(/%2C/gi, ',');
  return `${LIST_PATH[item.list]}${search ? `?${search}` : ''}`;
}
