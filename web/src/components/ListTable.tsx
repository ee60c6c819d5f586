import { FilterOutlined } from '@ant-design/icons';
import { ProTable, type ColumnsState, type ProColumns } from '@ant-design/pro-components';
import { App, Button, Checkbox, Pagination, Spin, type CheckboxProps, type TablePaginationConfig } from 'antd';
import { createContext, startTransition, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, arrivedAnswer, forgetEarly } from '../api/client';
import { PRICING_ROW_LABELS, SECONDARY_PROCESS_ROW_LABELS } from '../api/fields';
import { sortOf, toListQuery } from '../api/pro-table';
import { PRICING_PATH, SECONDARY_PROCESS_PATH } from '../api/services';
import { formValues, listBody, listSearch, parseListSearch, rememberedRow, type ListSpec, type ListState } from '../list-query';
import { codesWithoutRows } from '../part-nos';
import { ExportButtons } from './ExportButtons';
import { defaultColumns, keepPins, pinnedForWidth, readColumns, shownFields, writeColumns } from './list-columns';
import { ListViews, type ListView } from './ListViews';
import { ListEmpty, ListFailure } from './ListState';
import { useNarrow } from './narrow';
import { PartNosResult, type PartNosCheck } from './PartNos';

export type { ListView } from './ListViews';

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
  /**
   * The list's filters (only these leave the search form: the service refuses unknown keys), its
   * sortable fields highest priority first (the columns' `sorter` comes from `sorterBy` over the
   * same list), its range fields and per-cent rates: how its address and its request read.
   */
  spec: ListSpec;
  /** A column with `fixed: 'left'` stays in view when the table scrolls sideways (the settings can unpin it). */
  columns: ProColumns<Row>[];
  /** Where the column settings are kept (localStorage), and the columns hidden until switched on. */
  columnsKey: string;
  hiddenColumns: readonly string[];
  /** Shown above the table, for the filters the list was last asked with (a summary of those rows). */
  aboveTable?: (filters: Readonly<Record<string, unknown>>) => ReactNode;
  /** The page's own views besides 全部, which cannot be deleted. */
  views?: readonly ListView[];
  /** Rows can be ticked (across pages): each checkbox's name, and what the toolbar offers for the ticked rows. */
  selection?: { label: (row: Row) => string; actions: (rows: Row[], clear: () => void) => ReactNode };
  /** On a phone each row is a card instead of a table row: its heading and its fields. */
  card: (row: Row) => ListCard;
  /** What the list calls its rows when none match: 没有符合条件的{noun}. */
  noun: string;
}

/**
 * A row as a phone shows it. `title` is the row's link when it has one (the whole card then opens
 * it); `fields` are label and value, each value marked with the row field it shows.
 */
export interface ListCard {
  title: ReactNode;
  linked?: boolean;
  fields: { field: string; label: string; value: ReactNode }[];
}

/** A column's `sorter` for multi-column sort: `multiple` follows the list's priority (highest first). */
export function sorterBy<F extends string>(sortPriority: readonly F[]) {
  return (field: F) => ({ multiple: sortPriority.length - sortPriority.indexOf(field) });
}

const PAGINATION = { showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100, 200] };

/** The fields an export can name as `columns`: the row's. */
const ROW_FIELDS: Record<ListTableProps<unknown, string>['path'], readonly string[]> = {
  [PRICING_PATH]: Object.keys(PRICING_ROW_LABELS),
  [SECONDARY_PROCESS_PATH]: Object.keys(SECONDARY_PROCESS_ROW_LABELS),
};

/** The list's query as its address has it (`?status=pending&page=3`), for links that come back to it. */
const ListSearchContext = createContext('');
export const useListSearch = () => useContext(ListSearchContext);

/** The row the person came back to: marked until they query again. */
const FOCUS_CLASS = 'list-row-focus';
// The toolbar's buttons (对比供应商, the exports, the settings) wrap on a phone instead of widening the page.
// A card's link covers the card, so a tap anywhere opens it; its checkbox sits above that.
// The search buttons on a line of their own (a phone) drop the empty label that lines them up with fields.
const STYLE = `.${FOCUS_CLASS} > td { background: #fff7e6 !important; } .${FOCUS_CLASS} > td:first-child { box-shadow: inset 3px 0 #d46b08; }
.list-cards { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.list-card { position: relative; border: 1px solid #d9d9d9; border-radius: 8px; padding: 12px; background: #fff; }
.list-card.${FOCUS_CLASS} { background: #fff7e6; border-color: #d46b08; }
.list-card-head { display: flex; align-items: center; gap: 8px; margin-bottom: 8px; font-weight: 600; }
.list-card-head .ant-checkbox-wrapper { position: relative; z-index: 1; }
.list-card-linked .list-card-title a::after { content: ''; position: absolute; inset: 0; border-radius: 8px; }
.list-card-linked:active { background: #f5f5f5; }
.list-card dl { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 4px 12px; margin: 0; }
.list-card dl > div { display: contents; }
.list-card dt { color: #595959; white-space: nowrap; }
.list-card dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
.list-cards-pagination { display: flex; justify-content: flex-end; margin-top: 12px; }
.ant-pro-table-list-toolbar-right { flex-wrap: wrap; row-gap: 8px; max-width: 100%; }
.ant-pro-table-list-toolbar-right .ant-space { flex-wrap: wrap; row-gap: 8px; }
.ant-col-24 > .ant-pro-query-filter-actions .ant-form-item-label { display: none; }`;

/** A question's request body, the export's query (the body without the page) and its filters alone. */
function questionOf<F extends string>(next: ListState, spec: ListSpec) {
  const body = listBody(next, spec) as ListBody<F>;
  const { current: _current, pageSize: _pageSize, ...query } = body;
  const { sort: _sort, ...sent } = query;
  return { body, query, sent: sent as Record<string, unknown> };
}

/**
 * The two lists' table: ProTable with every filter in the search form, server-side paging and
 * multi-column sort, column settings, CSV and Excel export of what the list shows, and saved views.
 * The list's query lives in the address: opening it runs that query, and any navigation the
 * router sees (back, a view, the menu) starts the table afresh from the address.
 */
export function ListTable<Row extends Record<string, unknown> & { id: number; partNo: string }, F extends string>(
  props: ListTableProps<Row, F>,
) {
  const location = useLocation();
  return <ListTableAt key={location.key} {...props} search={location.search} />;
}

function ListTableAt<Row extends Record<string, unknown> & { id: number; partNo: string }, F extends string>(
  props: ListTableProps<Row, F> & { search: string },
) {
  const { title, path, list, spec, columns, columnsKey, hiddenColumns, views = [], selection, aboveTable } = props;
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [route] = useState(pathname);
  // The address the table was opened at: the form, the sort and the page start from it.
  const [start] = useState<ListState>(() => parseListSearch(props.search, spec));
  const [search, setSearch] = useState(() => listSearch(start, spec));
  // Dropped after the first request, so that 重置 empties the form instead of going back to them.
  const [initialValues, setInitialValues] = useState<Record<string, unknown> | undefined>(() => formValues(start.filters, spec));
  const [focusRow, setFocusRow] = useState(() => rememberedRow(route));
  // What the list was last asked (its page and sort too), its answer while it is the last asked, and how many were asked.
  // The address's answer may be here already (asked by the entry script): then the first render has the rows.
  const [asked, setAsked] = useState<ListState>(start);
  const [first] = useState(() => arrivedAnswer<{ data: Row[]; total: number }>(path, listBody(start, spec)));
  const [answer, setAnswer] = useState(first);
  const [loading, setLoading] = useState(!first);
  const requests = useRef(0);
  const lastQuery = useRef<ListBody<F>>({});
  const [check, setCheck] = useState<PartNosCheck>();
  // Kept while only paging or sorting changes, so that aboveTable asks nothing again.
  const [sentFilters, setSentFilters] = useState(() => (first ? questionOf<F>(start, spec).sent : undefined));
  // The filters `check` answers for: paging and sorting change no code's rows, so they ask nothing.
  const checked = useRef<string>(undefined);
  const [selected, setSelected] = useState<Row[]>([]);

  // The last list request's failure, shown where the rows were (which are then cleared).
  const [failure, setFailure] = useState<string>();
  // Nothing is said of an empty list before its first answer.
  const [answered, setAnswered] = useState(Boolean(first));
  // On a phone the search form shows the keyword only until 筛选 opens the rest.
  const [filtersOpen, setFiltersOpen] = useState(false);

  const defaults = useMemo(() => defaultColumns(columns as ProColumns<never>[], hiddenColumns), [columns, hiddenColumns]);
  const [columnsMap, setColumnsMap] = useState(() => readColumns(columnsKey, defaults));
  const narrow = useNarrow();
  const shownColumns = pinnedForWidth(columnsMap, narrow);
  const changeColumns = (changed: Record<string, ColumnsState>) => {
    const map = keepPins(changed, columnsMap, narrow);
    setColumnsMap(map);
    writeColumns(columnsKey, map);
  };
  // The address's sort, shown on the columns it names (antd reads defaultSortOrder once; the table is keyed by navigation).
  const tableColumns = useMemo(
    () =>
      columns.map((c) =>
        typeof c.dataIndex === 'string' && start.sort[c.dataIndex] ? { ...c, defaultSortOrder: start.sort[c.dataIndex] } : c,
      ),
    [columns, start],
  );

  /** A view: its filters and sort from page 1, the page size kept; its columns first, read when the table starts again. */
  function applyView(viewQuery: string, viewColumns?: Record<string, ColumnsState>) {
    if (viewColumns) writeColumns(columnsKey, viewColumns);
    const { filters: f, sort } = parseListSearch(viewQuery, spec);
    const { pageSize } = parseListSearch(search, spec);
    void navigate(`${route}${listSearch({ filters: f, sort, pageSize }, spec)}`);
  }

  /** 清空筛选: the list afresh with no filter, keeping its sort and page size. */
  function clearFilters() {
    const { sort, pageSize } = parseListSearch(search, spec);
    void navigate(`${route}${listSearch({ filters: {}, sort, pageSize }, spec)}`);
  }

  // How many filters besides the keyword the list was asked with: said on 筛选 while the form is folded.
  const pairs = Object.values(spec.ranges);
  const hiddenFilters = sentFilters
    ? Object.keys(sentFilters).filter((f) => f !== 'keyword' && !pairs.some(([from, to]) => to === f && from in sentFilters)).length
    : 0;

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

  // The row the person came back to, once its page is shown (the rows are committed with this state): in view, its link focused.
  const [landed, setLanded] = useState<number>();
  useEffect(() => {
    if (landed === undefined) return;
    const tr = document.querySelector<HTMLElement>(`.ant-table-tbody tr[data-row-key="${landed}"], .list-card[data-row-key="${landed}"]`);
    tr?.scrollIntoView({ block: 'center' });
    tr?.querySelector<HTMLElement>('a')?.focus({ preventScroll: true });
  }, [landed]);
  function showFocusRow(rows: Row[]) {
    if (focusRow !== undefined && rows.some((row) => row.id === focusRow)) setLanded(focusRow);
  }

  /** The address for a question: replaced, so Back leaves the list. */
  function showInAddress(next: ListState) {
    const nextSearch = listSearch(next, spec);
    if (window.location.pathname === route && window.location.search !== nextSearch) {
      window.history.replaceState(window.history.state, '', `${route}${nextSearch}${window.location.hash}`);
    }
    return nextSearch;
  }

  /**
   * Sends a question (unless its answer is here: `have`); its answer becomes the list's rows unless
   * a later question was sent meanwhile.
   */
  function send(next: ListState, have?: { data: Row[]; total: number }) {
    const asking = ++requests.current;
    const { body, query, sent } = questionOf<F>(next, spec);
    lastQuery.current = query;
    const answered = (page: { data: Row[]; total: number }, failed?: string) => {
      setAnswer(page);
      setLoading(false);
      setFailure(failed);
      setAnswered(true);
      // Not needed for the rows: rendered after them.
      startTransition(() => {
        setSentFilters((was) => (JSON.stringify(was) === JSON.stringify(sent) ? was : sent));
        setInitialValues(undefined);
      });
    };
    (have ? Promise.resolve(have) : list(body)).then(
      (page) => {
        if (asking !== requests.current) return;
        answered(page);
        checkPartNos(sent, page);
        showFocusRow(page.data);
      },
      (err: unknown) => {
        if (asking !== requests.current) return;
        checked.current = undefined;
        setCheck(undefined);
        const text = err instanceof ApiError ? err.describe() : '网络错误，请检查网络后重试';
        // The rows go: they answered another question.
        answered({ data: [], total: 0 }, text);
        message.error(`查询失败：${text}`);
      },
    );
  }

  /** A question from the form, the headers, the pages or 刷新 (filters as the form holds them, rates in per cent). */
  function ask(next: ListState) {
    setSearch(showInAddress(next));
    setAsked(next);
    setLoading(true);
    setFocusRow(undefined);
    send(next);
  }

  /** The search form's filters, empty ones left out, as a question from page 1 with the list's sort and page size. */
  function askFiltered(values: Record<string, unknown>) {
    ask({ filters: toListQuery(values, undefined, spec.filters, []).filters, sort: asked.sort, current: 1, pageSize: asked.pageSize });
  }

  /** A sort from the columns' headers, from page 1; beyond the service's 3 keys the lowest are dropped, and said so. */
  function askSorted(sorter: Parameters<typeof sortOf<Row>>[0]) {
    const { sort = {}, droppedSort } = toListQuery({}, sortOf(sorter), [], spec.sortFields);
    if (droppedSort.length > 0) message.warning('最多按 3 列排序，其余排序已忽略');
    ask({ ...asked, sort: sort as ListState['sort'], current: 1 });
  }

  // The address's question, once: the entry script may have sent it (api/client.ts takes that answer), or its answer is here.
  useEffect(() => {
    showInAddress(start);
    if (first) forgetEarly(path, listBody(start, spec));
    send(start, first);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const emptyState = failure ? (
    <ListFailure message={failure} onRetry={() => ask(asked)} />
  ) : (
    // The question this answer is to (an earlier one's answer is dropped): filters said at once, not after the summary's update.
    <ListEmpty noun={props.noun} filtered={Object.keys(asked.filters).length > 0} onClear={clearFilters} />
  );
  const clearSelection = () => setSelected([]);
  return (
    <ListSearchContext.Provider value={search}>
      <style>{STYLE}</style>
      <ListViews storageKey={`list-views:${route}`} builtIn={views} spec={spec} search={search} columns={columnsMap} onApply={applyView} />
      <ProTable<Row>
        // The list's name is the page's heading (a page needs one level-one heading); it keeps the
        // toolbar's own type size.
        headerTitle={<h1 style={{ font: 'inherit', margin: 0 }}>{title}</h1>}
        rowKey="id"
        // Multi-column sort needs `{ multiple }` objects on the columns; without `compare` antd leaves the rows as they came.
        columns={tableColumns}
        scroll={{ x: tableWidth(tableColumns, shownColumns, Boolean(selection)) }}
        search={
          narrow
            ? {
                labelWidth: 'auto',
                collapsed: !filtersOpen,
                onCollapse: (collapsed) => setFiltersOpen(!collapsed),
                // ProTable's own toggle is a link without href, which the keyboard cannot reach.
                collapseRender: false,
                optionRender: (_config, _form, dom) => [
                  <Button
                    key="filters"
                    icon={<FilterOutlined />}
                    aria-expanded={filtersOpen}
                    onClick={() => setFiltersOpen((open) => !open)}
                  >
                    {filtersOpen ? '收起筛选' : hiddenFilters > 0 ? `筛选（${hiddenFilters}）` : '筛选'}
                  </Button>,
                  ...dom,
                ],
              }
            : { labelWidth: 'auto', defaultCollapsed: false }
        }
        tableViewRender={
          narrow
            ? (tableProps) => (
                <ListCards<Row>
                  label={title}
                  rows={tableProps.dataSource ?? []}
                  loading={typeof tableProps.loading === 'object' ? Boolean(tableProps.loading.spinning) : Boolean(tableProps.loading)}
                  pagination={tableProps.pagination}
                  card={props.card}
                  empty={answered ? emptyState : null}
                  focusRow={focusRow}
                  selection={
                    selection && {
                      label: selection.label,
                      isSelected: (row) => selected.some((r) => r.id === row.id),
                      toggle: (row, on) => setSelected((was) => (on ? [...was, row] : was.filter((r) => r.id !== row.id))),
                    }
                  }
                />
              )
            : // No rows, once answered: the state in the table's place (antd's table keeps its first empty text).
              (tableProps, table) =>
                answered && (tableProps.dataSource ?? []).length === 0 && !tableProps.loading ? (
                  <div style={{ borderTop: '1px solid #f0f0f0' }}>{emptyState}</div>
                ) : (
                  table
                )
        }
        // ProTable's search form skips the fields' rules unless told; 批量物料编码 has one (at most 1,000 codes).
        form={{ ignoreRules: false, ...(initialValues ? { initialValues } : {}) }}
        pagination={{
          ...PAGINATION,
          current: asked.current,
          pageSize: asked.pageSize,
          total: answer?.total ?? 0,
          onChange: (current, pageSize) => ask({ ...asked, current, pageSize }),
        }}
        columnsState={{ value: shownColumns, onChange: changeColumns, defaultValue: defaults }}
        // A phone's cards have no columns nor density to set.
        options={{ density: !narrow, reload: () => ask(asked), setting: !narrow, fullScreen: false }}
        rowClassName={(row) => (row.id === focusRow ? FOCUS_CLASS : '')}
        // Ticked rows stay ticked across pages (a comparison may take rows of several pages).
        rowSelection={
          selection && {
            selectedRowKeys: selected.map((row) => row.id),
            onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
            preserveSelectedRowKeys: true,
            hideSelectAll: true,
            // antd passes the props on to the checkbox's input, which needs a name.
            getCheckboxProps: (row) => ({ 'aria-label': `选择 ${selection.label(row)}` }) as CheckboxProps,
          }
        }
        toolBarRender={() => [
          ...(selection ? [<span key="selection">{selection.actions(selected, clearSelection)}</span>] : []),
          <ExportButtons
            key="export"
            path={path}
            query={() => ({
              ...lastQuery.current,
              columns: shownFields(tableColumns as ProColumns<never>[], shownColumns, ROW_FIELDS[path]),
            })}
          />,
        ]}
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
        dataSource={answer?.data}
        loading={loading}
        onSubmit={askFiltered}
        onReset={() => askFiltered({})}
        onChange={(_pagination, _filters, sorter, extra) => extra.action === 'sort' && askSorted(sorter)}
      />
    </ListSearchContext.Provider>
  );
}

/**
 * How wide the table is: when every shown column has a width, their sum (the table then fits any
 * screen at least that wide, and scrolls sideways below it); else as wide as the cells' content.
 */
function tableWidth<Row>(
  columns: readonly ProColumns<Row>[],
  map: Record<string, ColumnsState>,
  selectable: boolean,
): number | 'max-content' {
  let sum = selectable ? 32 : 0;
  for (const [index, c] of columns.entries()) {
    const key = c.key !== undefined ? String(c.key) : typeof c.dataIndex === 'string' ? c.dataIndex : String(index);
    if (c.hideInTable || map[key]?.show === false) continue;
    if (typeof c.width !== 'number') return 'max-content';
    sum += c.width;
  }
  return sum;
}

interface ListCardsProps<Row extends { id: number }> {
  label: string;
  rows: readonly Row[];
  loading: boolean;
  pagination: false | TablePaginationConfig | undefined;
  card: (row: Row) => ListCard;
  empty: ReactNode;
  focusRow: number | undefined;
  selection?: { label: (row: Row) => string; isSelected: (row: Row) => boolean; toggle: (row: Row, on: boolean) => void };
}

/** A phone's list: a card a row, with the table's paging (ProTable's own, so the address and the request follow it). */
function ListCards<Row extends { id: number }>({
  label,
  rows,
  loading,
  pagination,
  card,
  empty,
  focusRow,
  selection,
}: ListCardsProps<Row>) {
  return (
    <Spin spinning={loading}>
      {rows.length === 0 ? (
        <div style={{ padding: '24px 0' }}>{loading ? null : empty}</div>
      ) : (
        <ul className="list-cards" aria-label={label}>
          {rows.map((row) => {
            const c = card(row);
            const classes = ['list-card', c.linked ? 'list-card-linked' : '', row.id === focusRow ? FOCUS_CLASS : ''];
            return (
              <li key={row.id} className={classes.filter(Boolean).join(' ')} data-row-key={row.id}>
                <div className="list-card-head">
                  {selection && (
                    <Checkbox
                      checked={selection.isSelected(row)}
                      onChange={(e) => selection.toggle(row, e.target.checked)}
                      aria-label={`选择 ${selection.label(row)}`}
                    />
                  )}
                  <span className="list-card-title">{c.title}</span>
                </div>
                <dl>
                  {c.fields.map((f) => (
                    <div key={f.field}>
                      <dt>{f.label}</dt>
                      <dd data-field={f.field}>{f.value}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            );
          })}
        </ul>
      )}
      {pagination && (pagination.total ?? 0) > 0 && (
        <div className="list-cards-pagination">
          <Pagination
            size="small"
            simple
            current={pagination.current}
            pageSize={pagination.pageSize}
            total={pagination.total}
            showTotal={(total) => `共 ${total} 条`}
            onChange={pagination.onChange}
          />
        </div>
      )}
    </Spin>
  );
}
