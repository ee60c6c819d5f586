import { ColumnHeightOutlined, InfoCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Table, Tooltip, type CheckboxProps, type TableColumnsType, type TableProps } from 'antd';
import { createContext, startTransition, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { arrivedAnswer, failureText, forgetEarly, isUnreachable } from '../api/client';
import { EXCHANGE_RATE_ROW_LABELS, PRICING_ROW_LABELS, SECONDARY_PROCESS_ROW_LABELS } from '../api/fields';
import { sortOf, toListQuery } from '../api/pro-table';
import { EXCHANGE_RATES_PATH, PRICING_PATH, SECONDARY_PROCESS_PATH } from '../api/services';
import { filtersOf, formValues, listBody, listSearch, parseListSearch, rememberedRow, type ListSpec, type ListState } from '../list-query';
import { dropDraft, readDraft, writeDraft } from '../drafts';
import { codesWithoutRows, splitPartNos } from '../part-nos';
import { rateToPercent } from '../rate';
import { ColumnSettings } from './ColumnSettings';
import { CutText } from './CutText';
import { ExportButtons } from './ExportButtons';
import {
  defaultColumns,
  pinned,
  readColumns,
  shownColumns,
  shownFields,
  tableWidth,
  writeColumns,
  type ColumnsMap,
  type ListColumn,
} from './list-columns';
import type { ListFilter } from './list-filters';
import { RESULTS_ID } from './landmarks';
import { FOCUS_CLASS, ListCards, type ListCard } from './ListCards';
import { ListSearch } from './ListSearch';
import { ListSort } from './ListSort';
import { ListViews, type ListView } from './ListViews';
import { MenuButton } from './MenuButton';
import { ListEmpty, ListFailure } from './ListState';
import { useNarrow } from './narrow';
import { PartNosResult, type PartNosCheck } from './PartNos';

export type { ListView } from './ListViews';
export type { ListCard } from './ListCards';
export type { ListColumn } from './list-columns';
export type { ListFilter } from './list-filters';

/** What a list request sends: the filters, the sort in priority order and the page. */
export type ListBody<F extends string> = Record<string, unknown> & {
  sort?: Partial<Record<F, 'ascend' | 'descend'>>;
  current?: number;
  pageSize?: number;
};

export interface ListTableProps<Row, F extends string> {
  /** The list's name, its heading on the page. */
  title: string;
  /** The heading's level: 1, unless the page has its own heading above the list. */
  titleLevel?: 1 | 2;
  /** The operation's path (the export posts the list's body there) and its typed call. */
  path: typeof PRICING_PATH | typeof SECONDARY_PROCESS_PATH | typeof EXCHANGE_RATES_PATH;
  list: (body: ListBody<F>) => Promise<{ data: Row[]; total: number }>;
  /**
   * The list's filters (only these leave the search form: the service refuses unknown keys), its
   * sortable fields highest priority first (the columns' `sorter` comes from `sorterBy` over the
   * same list), its range fields and per-cent rates: how its address and its request read.
   */
  spec: ListSpec;
  /** The table's columns, in their order; those with `fixed: 'left'` stay in view when it scrolls sideways. */
  columns: readonly ListColumn<Row>[];
  /** The search form's fields, in their order. */
  filters: readonly ListFilter[];
  /** Where the column settings are kept (localStorage), and the columns hidden until switched on. */
  columnsKey: string;
  hiddenColumns: readonly string[];
  /**
   * Shown above the table, for the filters the list was last asked with (a summary of those rows);
   * `ask` asks the list with other filters (as sent), from page 1.
   */
  aboveTable?: (filters: Readonly<Record<string, unknown>>, ask: (filters: Record<string, unknown>) => void) => ReactNode;
  /** The page's own views besides 全部, which cannot be deleted. */
  views?: readonly ListView[];
  /** Rows can be ticked (across pages): each checkbox's name, and what the toolbar offers for the ticked rows. */
  selection?: { label: (row: Row) => string; actions: (rows: Row[], clear: () => void) => ReactNode };
  /** On a phone each row is a card instead of a table row: its heading and its fields. */
  card: (row: Row) => ListCard;
  /** What the list calls its rows when none match: 没有符合条件的{noun}. */
  noun: string;
}

/** A column's `sorter` for multi-column sort: `multiple` follows the list's priority (highest first). */
export function sorterBy<F extends string>(sortPriority: readonly F[]) {
  return (field: F) => ({ multiple: sortPriority.length - sortPriority.indexOf(field) });
}

const PAGE_SIZES = [10, 20, 50, 100, 200];

type Density = NonNullable<TableProps['size']>;
const DENSITIES: { key: Density; label: string }[] = [
  { key: 'large', label: '宽松' },
  { key: 'middle', label: '中等' },
  { key: 'small', label: '紧凑' },
];

/** The fields an export can name as `columns`: the row's. */
const ROW_FIELDS: Record<ListTableProps<unknown, string>['path'], readonly string[]> = {
  [PRICING_PATH]: Object.keys(PRICING_ROW_LABELS),
  [SECONDARY_PROCESS_PATH]: Object.keys(SECONDARY_PROCESS_ROW_LABELS),
  [EXCHANGE_RATES_PATH]: Object.keys(EXCHANGE_RATE_ROW_LABELS),
};

/** The list's query as its address has it (`?status=pending&page=3`), for links that come back to it. */
const ListSearchContext = createContext('');
export const useListSearch = () => useContext(ListSearchContext);

/**
 * What the last answer says beside its rows: the pricing list asked with inForceOn names the rows
 * the priced BOM's default rule takes (计价采用).
 */
const ListAnswerContext = createContext<{ total: number; latestInForceIds?: readonly number[] } | undefined>(undefined);
export const useListAnswer = () => useContext(ListAnswerContext);

// The toolbar's buttons (对比供应商, the exports, the settings) wrap on a phone instead of widening the page.
const STYLE = `.${FOCUS_CLASS} > td { background: #fff7e6 !important; } .${FOCUS_CLASS} > td:first-child { box-shadow: inset 3px 0 #d46b08; }
.list-toolbar { display: flex; align-items: center; justify-content: space-between; flex-wrap: wrap; gap: 8px 16px; margin-bottom: 16px; }
.list-toolbar h1, .list-toolbar h2 { font-size: 16px; font-weight: 600; margin: 0; }
.list-toolbar-actions { display: flex; align-items: center; flex-wrap: wrap; gap: 8px; }
.list-above:not(:empty) { display: grid; gap: 8px; margin-bottom: 16px; }`;

/** A question's request body, the export's query (the body without the page) and its filters alone. */
function questionOf<F extends string>(next: ListState, spec: ListSpec) {
  const body = listBody(next, spec) as ListBody<F>;
  const { current: _current, pageSize: _pageSize, ...query } = body;
  const { sort: _sort, ...sent } = query;
  return { body, query, sent: sent as Record<string, unknown> };
}

/**
 * The two lists' table: every filter in the search form, server-side paging and multi-column sort,
 * column settings, CSV and Excel export of what the list shows, and saved views.
 * The list's query lives in the address: opening it runs that query, and any navigation the
 * router sees (back, a view, the menu) starts the table afresh from the address.
 */
export function ListTable<Row extends Record<string, unknown> & { id: number }, F extends string>(props: ListTableProps<Row, F>) {
  const location = useLocation();
  return <ListTableAt key={location.key} {...props} search={location.search} />;
}

function ListTableAt<Row extends Record<string, unknown> & { id: number }, F extends string>(
  props: ListTableProps<Row, F> & { search: string },
) {
  const { title, path, list, spec, columns, filters, columnsKey, hiddenColumns, views = [], selection, aboveTable } = props;
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [route] = useState(pathname);
  // The address the table was opened at: the form, the sort and the page start from it.
  const [start] = useState<ListState>(() => parseListSearch(props.search, spec));
  const [search, setSearch] = useState(() => listSearch(start, spec));
  const [form] = Form.useForm();
  // A search form half filled in this tab, before a reload or an outage: back in the form (not sent),
  // unless the list was opened at other filters since (a view, a link).
  const draftKey = `list-form:${route}`;
  const [restored] = useState(() => {
    const draft = readDraft<{ filters: string; values: Record<string, unknown> }>(draftKey);
    if (draft?.filters === filtersOf(props.search, spec)) return draft.values;
    dropDraft(draftKey);
    return undefined;
  });
  const [initialValues] = useState(() => restored ?? formValues(start.filters, spec));
  const keepDraft = () =>
    writeDraft(draftKey, {
      filters: filtersOf(window.location.search, spec),
      values: form.getFieldsValue(true) as Record<string, unknown>,
    });
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
  const [failure, setFailure] = useState<{ text: string; unreachable: boolean }>();
  // Nothing is said of an empty list before its first answer.
  const [answered, setAnswered] = useState(Boolean(first));
  const [density, setDensity] = useState<Density>('middle');

  const defaults = useMemo(() => defaultColumns(columns, hiddenColumns), [columns, hiddenColumns]);
  const [columnsMap, setColumnsMap] = useState(() => readColumns(columnsKey, defaults));
  const narrow = useNarrow();
  const changeColumns = (map: ColumnsMap) => {
    setColumnsMap(map);
    writeColumns(columnsKey, map);
  };
  const shown = useMemo(() => shownColumns(columns, columnsMap), [columns, columnsMap]);
  // The address's sort, shown on the columns it names (antd reads defaultSortOrder once; the table is keyed by navigation).
  const tableColumns = useMemo(
    (): TableColumnsType<Row> =>
      shown.map((c) => ({
        key: c.key,
        dataIndex: c.key,
        title: c.tooltip ? (
          <>
            {c.title}
            <Tooltip title={c.tooltip}>
              <InfoCircleOutlined style={{ marginInlineStart: 4, color: '#8c8c8c' }} aria-label={c.tooltip} />
            </Tooltip>
          </>
        ) : (
          c.title
        ),
        width: c.width,
        align: c.align,
        fixed: pinned(c, columnsMap) ? 'left' : undefined,
        // Multi-column sort needs `{ multiple }`; without `compare` antd leaves the rows as they came.
        sorter: c.sorter,
        defaultSortOrder: start.sort[c.key],
        ellipsis: c.cut ? { showTitle: false } : undefined,
        onCell: c.cellStyle ? () => ({ style: c.cellStyle }) : undefined,
        render: (_: unknown, row: Row) => {
          // An empty value shows as -, so a blank cell never reads as one not yet loaded.
          const cell = c.render ? c.render(row) : ((row[c.key] as ReactNode) ?? '-');
          const text = row[c.key];
          return c.cut ? <CutText text={typeof text === 'string' ? text : ''}>{cell}</CutText> : cell;
        },
      })),
    [shown, columnsMap, start],
  );

  /** A view: its filters and sort from page 1, the page size kept; its columns first, read when the table starts again. */
  function applyView(viewQuery: string, viewColumns?: ColumnsMap) {
    dropDraft(draftKey);
    if (viewColumns) writeColumns(columnsKey, viewColumns);
    const { filters: f, sort } = parseListSearch(viewQuery, spec);
    const { pageSize } = parseListSearch(search, spec);
    void navigate(`${route}${listSearch({ filters: f, sort, pageSize }, spec)}`);
  }

  /** Other filters (as a request has them: rates as rates) from page 1, keeping the sort and page size. */
  function applyFilters(sent: Record<string, unknown>) {
    dropDraft(draftKey);
    const filters = Object.fromEntries(
      Object.entries(sent).map(([k, v]) => [k, spec.percents.includes(k) && typeof v === 'number' ? rateToPercent(v) : v]),
    );
    const { sort, pageSize } = parseListSearch(search, spec);
    void navigate(`${route}${listSearch({ filters, sort, pageSize }, spec)}`);
  }

  /** 清空筛选: the list afresh with no filter, keeping its sort and page size. */
  function clearFilters() {
    dropDraft(draftKey);
    const { sort, pageSize } = parseListSearch(search, spec);
    void navigate(`${route}${listSearch({ filters: {}, sort, pageSize }, spec)}`);
  }

  // How many filters besides the keyword the list was asked with: said on 筛选 while the form is folded.
  const pairs = Object.values(spec.ranges);
  const foldedFilters = sentFilters
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
      const seen = new Set(page.data.map((row) => String(row.partNo)));
      return setCheck({ codes, missing: codes.filter((code) => !seen.has(code)) });
    }
    setCheck({ codes });
    const stillAsked = () => checked.current === key;
    // Only a list whose rows have a part (the two with 批量物料编码) has codes to check.
    codesWithoutRows(list as unknown as Parameters<typeof codesWithoutRows>[0], sent, codes).then(
      (missing) => stillAsked() && setCheck({ codes, missing }),
      (err: unknown) => stillAsked() && setCheck({ codes, failed: failureText(err) }),
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
    const answered = (page: { data: Row[]; total: number }, failed?: { text: string; unreachable: boolean }) => {
      setAnswer(page);
      setLoading(false);
      setFailure(failed);
      setAnswered(true);
      // Not needed for the rows: rendered after them.
      startTransition(() => setSentFilters((was) => (JSON.stringify(was) === JSON.stringify(sent) ? was : sent)));
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
        const text = failureText(err);
        const unreachable = isUnreachable(err);
        // The rows go: they answered another question.
        answered({ data: [], total: 0 }, { text, unreachable });
        // No answer at all is said where the rows were (an alert), with 重试: a toast would say it twice.
        if (!unreachable) message.error(`查询失败：${text}`);
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

  /**
   * The search form's values as a question from page 1 with the list's sort and page size: each
   * range field as its two filters, 批量物料编码's text as its codes, empty ones left out.
   */
  function askFiltered(values: Record<string, unknown>) {
    dropDraft(draftKey);
    const sent: Record<string, unknown> = { ...values };
    for (const [field, [from, to]] of Object.entries(spec.ranges)) {
      const [a, b] = (sent[field] as unknown[] | undefined) ?? [];
      delete sent[field];
      Object.assign(sent, { [from]: a ?? undefined, [to]: b ?? undefined });
    }
    if (sent.partNos !== undefined) sent.partNos = splitPartNos(sent.partNos as string);
    ask({ filters: toListQuery(sent, undefined, spec.filters, []).filters, sort: asked.sort, current: 1, pageSize: asked.pageSize });
  }

  /** 重置: every field emptied (not back to the address the list was opened at), from page 1. */
  function reset() {
    form.setFieldsValue(Object.fromEntries(filters.map((f) => [f.name, undefined])));
    askFiltered({});
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
    <ListFailure message={failure.text} unreachable={failure.unreachable} onRetry={() => ask(asked)} />
  ) : (
    // The question this answer is to (an earlier one's answer is dropped): filters said at once, not after the summary's update.
    <ListEmpty noun={props.noun} filtered={Object.keys(asked.filters).length > 0} onClear={clearFilters} />
  );
  const clearSelection = () => setSelected([]);
  const paging = {
    current: asked.current,
    pageSize: asked.pageSize,
    total: answer?.total ?? 0,
    onChange: (current: number, pageSize: number) => ask({ ...asked, current, pageSize }),
  };
  return (
    <ListSearchContext.Provider value={search}>
      <ListAnswerContext.Provider value={answer}>
        <style>{STYLE}</style>
        <ListViews
          storageKey={`list-views:${route}`}
          builtIn={views}
          spec={spec}
          search={search}
          columns={columnsMap}
          onApply={applyView}
        />
        <Card variant="borderless" style={{ marginBottom: 16 }} styles={{ body: { paddingBottom: 0 } }}>
          <ListSearch
            filters={filters}
            form={form}
            initialValues={initialValues}
            narrow={narrow}
            folded={foldedFilters}
            loading={loading}
            restored={restored !== undefined}
            onChange={keepDraft}
            onSubmit={askFiltered}
            onReset={reset}
          />
        </Card>
        <Card variant="borderless" className="list-results">
          <div className="list-toolbar">
            {/* The list's name is the page's heading (a page needs one level-one heading), unless the page has one above. */}
            {props.titleLevel === 2 ? <h2>{title}</h2> : <h1>{title}</h1>}
            <div className="list-toolbar-actions">
              {selection?.actions(selected, clearSelection)}
              <ExportButtons
                path={path}
                query={() => ({ ...lastQuery.current, columns: shownFields(columns, columnsMap, ROW_FIELDS[path]) })}
              />
              <Tooltip title="刷新">
                <Button type="text" icon={<ReloadOutlined />} aria-label="刷新" onClick={() => ask(asked)} />
              </Tooltip>
              {/* A phone's cards have no columns nor density to set. */}
              {!narrow && (
                <>
                  <MenuButton
                    type="text"
                    icon={<ColumnHeightOutlined />}
                    aria-label="行高"
                    tooltip="行高"
                    menu={{ items: DENSITIES, selectable: true, selectedKeys: [density], onClick: ({ key }) => setDensity(key as Density) }}
                  />
                  <ColumnSettings columns={columns} map={columnsMap} onChange={changeColumns} onReset={() => changeColumns(defaults)} />
                </>
              )}
            </div>
          </div>
          {/* A phone's cards have no headers to click: the order is chosen here. */}
          {narrow && (
            <ListSort
              fields={spec.sortFields.flatMap((key) => columns.filter((c) => c.key === key).map((c) => ({ key, title: c.title })))}
              sort={asked.sort}
              onSort={(sort) => ask({ ...asked, sort, current: 1 })}
            />
          )}
          <div className="list-above">
            {aboveTable && sentFilters && aboveTable(sentFilters, applyFilters)}
            {check && <PartNosResult check={check} />}
          </div>
          {/* 跳到结果 lands here: the next Tab is the table's first control, then the rows. */}
          <div id={RESULTS_ID} tabIndex={-1} role="region" aria-label={`${title}结果`}>
            {narrow ? (
              <ListCards<Row>
                label={title}
                rows={answer?.data ?? []}
                loading={loading}
                pagination={paging}
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
            ) : answered && !loading && (answer?.data ?? []).length === 0 ? (
              // No rows, once answered: the state in the table's place.
              <div style={{ borderTop: '1px solid #f0f0f0' }}>{emptyState}</div>
            ) : (
              <Table<Row>
                className="list-table"
                rowKey="id"
                columns={tableColumns}
                dataSource={answer?.data}
                loading={loading}
                size={density}
                scroll={{ x: tableWidth(shown, Boolean(selection)) }}
                pagination={{
                  ...paging,
                  showSizeChanger: true,
                  pageSizeOptions: PAGE_SIZES,
                  showTotal: (total, [from, to]) => `第 ${from}-${to} 条/总共 ${total} 条`,
                }}
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
                onChange={(_pagination, _filters, sorter, extra) => extra.action === 'sort' && askSorted(sorter)}
              />
            )}
          </div>
        </Card>
      </ListAnswerContext.Provider>
    </ListSearchContext.Provider>
  );
}
