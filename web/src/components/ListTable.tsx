import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { App } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '../api/client';
import { SERVER_SORT, toListQuery } from '../api/pro-table';
import type { PRICING_PATH, SECONDARY_PROCESS_PATH } from '../api/services';
import { noteFilters, restoredFormValues } from '../auth/place';
import { codesWithoutRows } from '../part-nos';
import { percentToRate } from '../rate';
import { ExportButtons } from './ExportButtons';
import { PartNosResult, type PartNosCheck } from './PartNos';

/** What a list request sends: the filters, the sort in priority order and the page. */
export type ListBody<F extends string> = Record<string, unknown> & {
  sort?: Partial<Record<F, 'ascend' | 'descend'>>;
  current?: number;
  pageSize?: number;
};

export interface ListTableProps<Row, F extends string> {
  /** The list's name, its heading on the page. */
  title: string;
  /** The operation's path (the export posts the list's body there) and its typed call. */
  path: typeof PRICING_PATH | typeof SECONDARY_PROCESS_PATH;
  list: (body: ListBody<F>) => Promise<{ data: Row[]; total: number }>;
  /** The operation's filter fields: only these leave the search form (the service refuses unknown keys). */
  filters: readonly string[];
  /** Search-form range fields and the two filters each is sent as, e.g. `priceRange: ['minPrice', 'maxPrice']`. */
  ranges: Record<string, readonly [string, string]>;
  /** Rate filters the form shows in per cent (10 for 0.1): sent as the rate, restored as the per cent. */
  percentFilters?: readonly string[];
  /** Sortable fields, highest priority first; the columns' `sorter` comes from `sorterBy` over the same list. */
  sortPriority: readonly F[];
  columns: ProColumns<Row>[];
  /** Where the column settings are kept (localStorage), and the columns hidden until switched on. */
  columnsKey: string;
  hiddenColumns: readonly string[];
  /** Shown above the table, for the filters the list was last asked with (a summary of those rows). */
  aboveTable?: (filters: Readonly<Record<string, unknown>>) => ReactNode;
}

/** A column's `sorter` for multi-column sort: `multiple` follows the list's priority (highest first). */
export function sorterBy<F extends string>(sortPriority: readonly F[]) {
  return (field: F) => ({ multiple: sortPriority.length - sortPriority.indexOf(field) });
}

const PAGINATION = { defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100, 200] };

/**
 * The two lists' table: ProTable with every filter in the search form, server-side paging and
 * multi-column sort, column settings, CSV and Excel export of what the list shows, and the filters
 * noted for a sign-in that interrupts the work (restored into the form when it brings them back).
 * A page gives its columns and its operation.
 */
export function ListTable<Row extends Record<string, unknown> & { partNo: string }, F extends string>(props: ListTableProps<Row, F>) {
  const { title, path, list, filters, ranges, percentFilters = [], sortPriority, columns, columnsKey, hiddenColumns, aboveTable } = props;
  const { message } = App.useApp();
  const { pathname } = useLocation();
  const [route] = useState(pathname);
  const lastQuery = useRef<ListBody<F>>({});
  // After a sign-in that interrupted work here, the search form starts with the filters it had.
  const [initialValues] = useState(() => restoredFormValues(route, ranges, percentFilters));
  const [check, setCheck] = useState<PartNosCheck>();
  // The filters `check` answers for: paging and sorting change no code's rows, so they ask nothing.
  const checked = useRef<string>(undefined);
  // Kept while only paging or sorting changes, so that aboveTable asks nothing again.
  const [sentFilters, setSentFilters] = useState<Record<string, unknown>>();

  /** After a list answer: which of the pasted codes (`partNos`) no row of these filters has. */
  function checkPartNos(sent: Record<string, unknown>, page: { data: Row[]; total: number }) {
    const key = JSON.stringify(sent);
    if (key === checked.current) return;
    checked.current = key;
    const codes = Array.isArray(sent.partNos) ? (sent.partNos as string[]) : [];
    if (codes.length === 0) return setCheck(undefined);
    // Every row is on this page: it alone says which codes have rows.
    if (page.data.length >= page.total) {
      const seen = new Set(page.data.map((row) => row.partNo));
      return setCheck({ codes, missing: codes.filter((code) => !seen.has(code)) });
    }
    setCheck({ codes });
    const stillAsked = () => checked.current === key;
    codesWithoutRows(list, sent, codes).then(
      (missing) => stillAsked() && setCheck({ codes, missing }),
      (err: unknown) => stillAsked() && setCheck({ codes, failed: err instanceof ApiError ? err.describe() : '网络错误' }),
    );
  }

  return (
    <ProTable<Row>
      // The list's name is the page's heading (a page needs one level-one heading); it keeps the
      // toolbar's own type size.
      headerTitle={<h1 style={{ font: 'inherit', margin: 0 }}>{title}</h1>}
      rowKey="id"
      // ProTable sorts locally unless some column has `sorter: true`; multi-column sort needs
      // `{ multiple }` objects on the real columns, so this invisible column switches it to the server.
      columns={[SERVER_SORT, ...columns]}
      scroll={{ x: 'max-content' }}
      search={{ labelWidth: 'auto', defaultCollapsed: false }}
      // ProTable's search form skips the fields' rules unless told; 批量物料编码 has one (at most 1,000 codes).
      form={{ ignoreRules: false, ...(initialValues ? { initialValues } : {}) }}
      pagination={PAGINATION}
      columnsState={{
        persistenceKey: columnsKey,
        persistenceType: 'localStorage',
        defaultValue: Object.fromEntries(hiddenColumns.map((k) => [k, { show: false }])),
      }}
      options={{ density: true, reload: true, setting: true, fullScreen: false }}
      toolBarRender={() => [<ExportButtons key="export" path={path} query={() => lastQuery.current} />]}
      // Only while there is something to say: ProTable keeps a margin under this slot even when empty.
      {...(check || (aboveTable && sentFilters)
        ? {
            tableExtraRender: () => (
              <>
                {aboveTable && sentFilters && aboveTable(sentFilters)}
                {check && <PartNosResult check={check} />}
              </>
            ),
          }
        : {})}
      request={async (params, sort) => {
        const asRates = Object.fromEntries(
          percentFilters.filter((f) => typeof params[f] === 'number').map((f) => [f, percentToRate(params[f] as number)]),
        );
        const {
          current,
          pageSize,
          sort: sortBody,
          droppedSort,
          filters: sent,
        } = toListQuery({ ...params, ...asRates }, sort, filters, sortPriority);
        if (droppedSort.length > 0) message.warning('最多按 3 列排序，其余排序已忽略');
        const query: ListBody<F> = { ...sent, ...(sortBody ? { sort: sortBody } : {}) };
        lastQuery.current = query;
        noteFilters(route, sent);
        setSentFilters((was) => (JSON.stringify(was) === JSON.stringify(sent) ? was : sent));
        try {
          const body = await list({ ...query, current, pageSize });
          checkPartNos(sent, body);
          return { data: body.data, total: body.total, success: true };
        } catch (err) {
          checked.current = undefined;
          setCheck(undefined);
          message.error(err instanceof ApiError ? err.describe() : '查询失败：网络错误');
          return { data: [], total: 0, success: false };
        }
      }}
    />
  );
}
