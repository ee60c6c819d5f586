import { ExportButtons } from '../components/ExportButtons';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  DatePicker,
  Grid,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { failureText, isUnreachable } from '../api/client';
import { PRICING_ROW_LABELS as L } from '../api/fields';
import {
  BOM_PRICE_PATH,
  queryBomPrice,
  queryExchangeRates,
  type BomLineResult,
  type BomPrice as BomAnswer,
  type BomReportTotal,
  type BomResult,
  type BomRule,
  type BomTotal,
} from '../api/services';
import { bomOptions, splitSuppliers, type BomOptions } from '../bom-options';
import { MAX_BOM_LINES, parseBomPaste, replaceCode, type BomLine } from '../bom-paste';
import { useKnownCurrencies } from '../components/currencies';
import { businessToday, formatDate, formatFxRate, formatQuantity } from '../format';
import { Validity } from '../components/Validity';
import { BOM_RESULT, CHOSEN_BY, PRICE_RULE } from '../labels';
import { formatMoney, MONEY_CELL } from '../money';
import { BomSheet } from '../components/print/BomSheet';
import { dropDraft, readDraft, writeDraft } from '../drafts';
import { Unreachable } from '../components/Unreachable';

const PASTE_ID = 'bom-paste';
const PASTE_HELP_ID = 'bom-paste-help';

/** Today as a calendar day in APP_TIMEZONE (the service's own default for `on`). */
const today = (): Dayjs => dayjs(businessToday());

const money = (value: number | null | undefined) => formatMoney(value, 'price');
const moneyCell = () => ({ style: MONEY_CELL });

/**
 * The body sent: the paste and the day, the options (计价规则, 折算币种, 假设汇率), which a change re-asks
 * at once, and the BOM's name, which heads the print and the export but prices nothing.
 */
interface Sent extends BomOptions {
  lines: BomLine[];
  on: string;
  name?: string;
}

type Run =
  | { state: 'idle' }
  | { state: 'busy'; sent: Sent }
  | { state: 'done'; sent: Sent; answer: BomAnswer }
  | { state: 'failed'; sent: Sent; message: string; unreachable: boolean };

/** Whether the paste and the day are those of a run (the options are re-asked by themselves). */
const sameLines = (a: Sent, b: Pick<Sent, 'lines' | 'on'>) => a.on === b.on && JSON.stringify(a.lines) === JSON.stringify(b.lines);
const optionsOf = ({ lines: _lines, on: _on, name: _name, ...options }: Sent): BomOptions => options;
/** The name as the request takes it: trimmed, left out when empty (the service's limit is MAX_NAME). */
const nameField = (typed: string): Pick<Sent, 'name'> => (typed.trim() ? { name: typed.trim() } : {});
const MAX_NAME = 100;
const sameOptions = (a: BomOptions, b: BomOptions) => JSON.stringify(a) === JSON.stringify(b);

/** How long typing in 优先供应商 or 假设汇率 rests before the answer is asked again. */
const RETYPE_MS = 500;

/** A tag in words (the colour only repeats it), dark enough on its light ground for WCAG AA. */
const WARN_TAG = { color: '#ad4e00', background: '#fff7e6', borderColor: '#ffd591', marginInlineEnd: 0 } as const;
const WHAT_IF_TAG = { color: '#0958d9', background: '#e6f4ff', borderColor: '#91caff', marginInlineEnd: 0 } as const;

/** 假设: the rate was typed for this run, not read from the exchange-rate table. */
const WhatIf = () => <Tag style={WHAT_IF_TAG}>假设</Tag>;

const RESULT_ORDER: BomResult[] = ['priced', 'no-price', 'unknown-part'];

/** 有效价格区间: the lowest and highest price in force, in the currency they were compared in. */
function priceRange(row: BomLineResult) {
  if (row.inForce === 0) return '-';
  if (row.minUnitPrice === null || row.maxUnitPrice === null || row.comparedIn === null) return '缺汇率，未比较';
  const span = row.minUnitPrice === row.maxUnitPrice ? money(row.minUnitPrice) : `${money(row.minUnitPrice)}–${money(row.maxUnitPrice)}`;
  return `${span} ${row.comparedIn}`;
}

/** 选取方式: the rule's name; the latest price taken because the rule could not choose, in words and in orange. */
function chosenBy(row: BomLineResult) {
  if (row.chosenBy === null) return '-';
  const chosen = CHOSEN_BY[row.chosenBy];
  return chosen.warn ? <Tag style={{ ...WARN_TAG, whiteSpace: 'normal' }}>{chosen.text}</Tag> : chosen.text;
}

/** 折算率: the rate and the day it holds from, or 假设 for a what-if rate; 无汇率 when the line's currency has none. */
function conversionRate(row: BomLineResult) {
  if (row.pricing === null) return '-';
  if (row.rate === null) return <Tag style={WARN_TAG}>无汇率</Tag>;
  // The rate, and under it the day its table row holds from (or 假设); CNY into CNY is 1 with neither.
  const note =
    row.rateSource === 'what-if' ? <WhatIf /> : row.rateDate && <Typography.Text type="secondary">{row.rateDate}</Typography.Text>;
  return (
    <>
      {formatFxRate(row.rate)}
      {note && <div style={{ fontSize: 12, lineHeight: '18px' }}>{note}</div>}
    </>
  );
}

/** What 改为此编码并重新计价 does: the page's, given to the cells through the table. */
const AcceptSuggestion = createContext<(from: string, to: string) => void>(() => {});

/** An unknown code that the service found an existing code for, but for case, width or invisible characters. */
const suggested = (row: BomLineResult): row is BomLineResult & { suggestion: string } =>
  row.result === 'unknown-part' && row.suggestion !== null;

/** How the pasted code differs from the existing one, as far as the page can tell: said beside the question. */
function howItDiffers(from: string, to: string): string {
  const ways: string[] = [];
  if (/\p{Cf}/u.test(from)) ways.push('含不可见字符');
  const visible = from.replace(/\p{Cf}/gu, '');
  if (visible.normalize('NFKC') !== visible) ways.push('含全角字符');
  if (visible.normalize('NFKC') !== to && visible.normalize('NFKC').toUpperCase() === to.toUpperCase()) ways.push('大小写不同');
  return ways.join('、');
}

/**
 * 是否为 P-100081？ The service never prices a line by a code it was not given: the clerk's button
 * writes the existing code into the paste and prices again.
 */
function Suggestion({ row }: { row: BomLineResult & { suggestion: string } }) {
  const onUse = useContext(AcceptSuggestion);
  const ways = howItDiffers(row.partNo, row.suggestion);
  return (
    <span data-testid="bom-suggestion">
      是否为 <Typography.Text strong>{row.suggestion}</Typography.Text>？
      {ways && <Typography.Text type="secondary">（{ways}）</Typography.Text>}
      <Button
        size="small"
        style={{ marginInlineStart: 8 }}
        aria-label={`改为此编码并重新计价：将粘贴内容中的 ${row.partNo} 改为 ${row.suggestion}`}
        onClick={() => onUse(row.partNo, row.suggestion)}
      >
        改为此编码并重新计价
      </Button>
    </span>
  );
}

/**
 * The lines' columns. Their widths add up to LINES_MIN_WIDTH (with a report currency, the three
 * converted columns more); narrower than that the table scrolls sideways, with 行号 and 物料编码 kept
 * in view when there is room for them (not on a phone).
 */
const lineColumns = (keepCodeInView: boolean, reportCurrency: string | null): TableColumnsType<BomLineResult> => [
  { title: '行号', dataIndex: 'lineNo', width: 48, align: 'right', onCell: moneyCell, fixed: keepCodeInView ? 'left' : undefined },
  {
    title: L.partNo,
    dataIndex: 'partNo',
    width: 120,
    fixed: keepCodeInView ? 'left' : undefined,
    ellipsis: { showTitle: true },
  },
  {
    title: L.partName,
    key: 'partName',
    width: 92,
    // An unknown code with a suggestion: the question and its button take the three cells the part would fill.
    onCell: (row) => ({ colSpan: suggested(row) ? 3 : 1 }),
    render: (_, row) => (suggested(row) ? <Suggestion row={row} /> : (row.pricing?.partName ?? '-')),
  },
  {
    title: L.spec,
    key: 'spec',
    width: 100,
    ellipsis: { showTitle: true },
    onCell: (row) => ({ colSpan: suggested(row) ? 0 : 1 }),
    render: (_, row) => row.pricing?.spec ?? '-',
  },
  {
    title: '供应商',
    key: 'supplier',
    onCell: (row) => ({ colSpan: suggested(row) ? 0 : 1 }),
    // No width: it takes what is left (at least its share of LINES_MIN_WIDTH), the longest names are cut with a tooltip.
    ellipsis: { showTitle: false },
    render: (_, row) =>
      row.pricing ? <span title={`${row.pricing.supplierCode} ${row.pricing.supplierName}`}>{row.pricing.supplierName}</span> : '-',
  },
  { title: '数量', dataIndex: 'quantity', width: 72, align: 'right', onCell: moneyCell, render: (v: number) => formatQuantity(v) },
  { title: L.currency, key: 'currency', width: 52, render: (_, row) => row.pricing?.currency ?? '-' },
  {
    title: L.unitPrice,
    key: 'unitPrice',
    width: 100,
    align: 'right',
    onCell: moneyCell,
    render: (_, row) => money(row.pricing?.unitPrice),
  },
  { title: '金额', dataIndex: 'amount', width: 108, align: 'right', onCell: moneyCell, render: (v: number | null) => money(v) },
  { title: '含税金额', dataIndex: 'amountWithTax', width: 108, align: 'right', onCell: moneyCell, render: (v: number | null) => money(v) },
  ...(reportCurrency === null
    ? []
    : ([
        { title: '折算率', key: 'rate', width: 96, align: 'right', onCell: moneyCell, render: (_, row) => conversionRate(row) },
        {
          // On two lines, so the converted columns stand beside the amounts at 1400 px.
          title: twoLines('折算金额', reportCurrency),
          key: 'amountInReportCurrency',
          dataIndex: 'amountInReportCurrency',
          width: 112,
          align: 'right',
          onCell: moneyCell,
          render: (v: number | null) => money(v),
        },
        {
          title: twoLines('折算含税金额', reportCurrency),
          key: 'amountWithTaxInReportCurrency',
          dataIndex: 'amountWithTaxInReportCurrency',
          width: 120,
          align: 'right',
          onCell: moneyCell,
          render: (v: number | null) => money(v),
        },
      ] satisfies TableColumnsType<BomLineResult>)),
  { title: '有效价格数', dataIndex: 'inForce', width: 88, align: 'right', onCell: moneyCell },
  { title: '有效价格区间', key: 'range', width: 184, align: 'right', onCell: moneyCell, render: (_, row) => priceRange(row) },
  { title: '选取方式', key: 'chosenBy', width: 116, render: (_, row) => chosenBy(row) },
  {
    title: L.pricingNo,
    key: 'pricingNo',
    width: 132,
    render: (_, row) =>
      row.pricing ? (
        <Link to={`/pricing/${row.pricing.id}`} style={{ whiteSpace: 'nowrap' }}>
          {row.pricing.pricingNo}
        </Link>
      ) : (
        '-'
      ),
  },
  // When the price was made and how long it holds: a clerk checks both before quoting it.
  {
    title: L.pricedAt,
    key: 'pricedAt',
    width: 104,
    render: (_, row) => (row.pricing ? formatDate(row.pricing.pricedAt) : '-'),
  },
  {
    title: '有效期',
    key: 'validity',
    width: 200,
    render: (_, row) => (row.pricing ? <Validity from={row.pricing.validFrom} to={row.pricing.validTo} /> : '-'),
  },
  {
    title: '结果',
    dataIndex: 'result',
    width: 108,
    filters: RESULT_ORDER.map((r) => ({ text: BOM_RESULT[r].text, value: r })),
    onFilter: (value, row) => row.result === value,
    render: (v: BomResult) => <Badge status={BOM_RESULT[v].status} text={BOM_RESULT[v].text} style={{ whiteSpace: 'nowrap' }} />,
  },
];

/**
 * The fixed columns' widths and 150 px for 供应商: below this the table scrolls sideways; the converted
 * columns add CONVERTED_WIDTH. At 1400 px the amounts and the converted amounts are in view, the
 * choice of the price (有效价格数, 有效价格区间, 选取方式) and the pricing (its number, day and validity) a scroll away.
 */
const LINES_MIN_WIDTH = 1882;
const CONVERTED_WIDTH = 328;

/** A column title with its currency on a second line: 折算金额 / （CNY）. */
function twoLines(name: string, currency: string) {
  return (
    <>
      {name}
      <br />（{currency}）
    </>
  );
}

/** Per currency; on a phone the line count goes under the currency, so both sums fit on screen. */
const totalColumns = (wide: boolean): TableColumnsType<BomTotal> => [
  wide
    ? { title: L.currency, dataIndex: 'currency', width: 56 }
    : {
        title: L.currency,
        dataIndex: 'currency',
        width: 72,
        render: (_, t) => (
          <>
            {t.currency}
            <br />
            <Typography.Text type="secondary">{t.lines} 行</Typography.Text>
          </>
        ),
      },
  ...(wide ? [{ title: '已定价行数', dataIndex: 'lines', width: 96, align: 'right' as const, onCell: moneyCell }] : []),
  { title: '金额合计', dataIndex: 'amount', width: wide ? 140 : 116, align: 'right', onCell: moneyCell, render: (v: number) => money(v) },
  {
    title: '含税金额合计',
    dataIndex: 'amountWithTax',
    width: wide ? 140 : 116,
    align: 'right',
    onCell: moneyCell,
    render: (v: number) => money(v),
  },
];

const PLACEHOLDER = ['物料编码\t数量', 'P-100217\t12.5', 'P-100010\t2', '', '或只粘贴一列物料编码（数量按 1 计）'].join('\n');

const RULES: BomRule[] = ['latest', 'lowest', 'highest', 'preferred'];
const NO_CONVERSION = '';

/** What the page keeps of what was typed, for this tab (drafts.ts): the paste and every setting. */
const DRAFT_KEY = 'bom';
interface BomDraft {
  text: string;
  name: string;
  day: string;
  rule: BomRule;
  suppliersText: string;
  reportCurrency: string;
  whatIf: Record<string, string>;
}

/** 批量核价: a parts list pasted from Excel, priced on a day by a rule, and converted to one currency if asked. */
export default function BomPrice() {
  // What was typed in this tab before a reload or an outage, if anything.
  const [restored] = useState(() => readDraft<Partial<BomDraft>>(DRAFT_KEY));
  const [text, setText] = useState(restored?.text ?? '');
  const [name, setName] = useState(restored?.name ?? '');
  const [on, setOn] = useState<Dayjs>(() => (restored?.day && dayjs(restored.day).isValid() ? dayjs(restored.day) : today()));
  const [rule, setRule] = useState<BomRule>(restored?.rule && RULES.includes(restored.rule) ? restored.rule : 'latest');
  const [suppliersText, setSuppliersText] = useState(restored?.suppliersText ?? '');
  const [reportCurrency, setReportCurrency] = useState(restored?.reportCurrency ?? NO_CONVERSION);
  const [whatIf, setWhatIf] = useState<Record<string, string>>(restored?.whatIf ?? {});
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const { message } = App.useApp();
  // Only the last request's answer is shown: options changed quickly may cross answers.
  const asked = useRef(0);
  const currencies = useKnownCurrencies();
  const day = on.format('YYYY-MM-DD');
  const tableRates = useDayRates(day, run);
  // Kept as it is typed; a page left at its defaults keeps nothing.
  useEffect(() => {
    const draft: BomDraft = { text, name, day, rule, suppliersText, reportCurrency, whatIf };
    const empty = !text && !name && day === businessToday() && rule === 'latest' && !suppliersText && !reportCurrency;
    if (empty && Object.values(whatIf).every((v) => !v)) dropDraft(DRAFT_KEY);
    else writeDraft(DRAFT_KEY, draft);
  }, [text, name, day, rule, suppliersText, reportCurrency, whatIf]);
  // On a phone the cards give their padding to the table, and no column stays fixed.
  const wide = Grid.useBreakpoint().sm !== false;
  const answer = run.state === 'done' ? run.answer : undefined;
  const shownCurrency = answer?.reportCurrency ?? null;
  const cardStyles = wide ? undefined : { body: { padding: 12 }, header: { paddingInline: 12 } };
  const parsed = useMemo(() => parseBomPaste(text), [text]);
  const { options, problems } = useMemo(
    () => bomOptions({ rule, suppliersText, reportCurrency, rates: whatIf }),
    [rule, suppliersText, reportCurrency, whatIf],
  );
  const optionsOk = Object.keys(problems).length === 0;
  const named = useMemo(() => nameField(name), [name]);
  const current: Sent = useMemo(
    () => ({ lines: parsed.lines.map(({ partNo, quantity }) => ({ partNo, quantity })), on: day, ...options, ...named }),
    [parsed, day, options, named],
  );
  const tooMany = parsed.lines.length > MAX_BOM_LINES;
  const busy = run.state === 'busy';

  async function price(sent: Sent) {
    const asking = ++asked.current;
    setRun({ state: 'busy', sent });
    try {
      const priced = await queryBomPrice(sent);
      if (asking === asked.current) setRun({ state: 'done', sent, answer: priced });
    } catch (err) {
      if (asking === asked.current) setRun({ state: 'failed', sent, message: failureText(err), unreachable: isUnreachable(err) });
    }
  }

  // After a first run, a change of 计价规则, 优先供应商, 折算币种 or 假设汇率 prices the same lines again
  // (typing rests a moment first); the paste and the day wait for 计价.
  const lastSent = run.state === 'idle' ? undefined : run.sent;
  useEffect(() => {
    if (!lastSent || !optionsOk || sameOptions(optionsOf(lastSent), options)) return;
    const timer = setTimeout(() => void price({ lines: lastSent.lines, on: lastSent.on, ...options, ...named }), RETYPE_MS);
    return () => clearTimeout(timer);
  }, [options, optionsOk, lastSent, named]);

  /** 改为此编码并重新计价: the suggested code written into the paste, said so, and the paste priced again. */
  const acceptSuggestion = useCallback(
    (from: string, to: string) => {
      const replaced = replaceCode(text, from, to);
      setText(replaced.text);
      message.info(`已将粘贴内容中的 ${from} 改为 ${to}（${replaced.count} 处），重新计价`);
      const lines = parseBomPaste(replaced.text).lines.map(({ partNo, quantity }) => ({ partNo, quantity }));
      if (optionsOk && lines.length > 0 && lines.length <= MAX_BOM_LINES) void price({ lines, on: day, ...options, ...named });
    },
    [text, day, options, named, optionsOk, message],
  );
  const columns = useMemo(() => lineColumns(wide, shownCurrency), [wide, shownCurrency]);

  function clear() {
    setText('');
    asked.current++;
    setRun({ state: 'idle' });
  }

  const stale = run.state === 'done' && !sameLines(run.sent, current);
  const optionsStale = run.state === 'done' && !optionsOk;
  const resultActions = run.state === 'done' && (
    <Space wrap>
      <Typography.Text type="secondary" data-testid="bom-day">
        计价日 {run.answer.on}
      </Typography.Text>
      {/* The lines last priced, under the name as it is now: a name typed after 计价 still heads the file. */}
      <ExportButtons path={BOM_PRICE_PATH} query={() => ({ ...run.sent, name: undefined, ...named })} />
      <Button onClick={() => window.print()}>打印</Button>
    </Space>
  );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card styles={cardStyles} title={<h1 style={{ fontSize: 20, margin: 0 }}>批量核价</h1>}>
        <style>{OPTIONS_STYLE}</style>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <div>
            <label htmlFor={PASTE_ID} style={{ display: 'block', fontWeight: 500, marginBottom: 4 }}>
              粘贴物料编码与数量
            </label>
            <Typography.Paragraph id={PASTE_HELP_ID} type="secondary" style={{ marginBottom: 8 }}>
              从 Excel 复制“物料编码、数量”两列粘贴到这里，每行一个物料，标题行会自动跳过；只有一列物料编码时数量按 1
              计，编码之间也可用逗号、顿号或空格分隔。一次最多 {MAX_BOM_LINES.toLocaleString('zh-CN')} 行。
            </Typography.Paragraph>
            <Input.TextArea
              id={PASTE_ID}
              aria-describedby={PASTE_HELP_ID}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={PLACEHOLDER}
              autoSize={{ minRows: 6, maxRows: 14 }}
              spellCheck={false}
              style={{ fontVariantNumeric: 'tabular-nums' }}
            />
          </div>
          {restored?.text && text === restored.text && run.state === 'idle' && (
            <Typography.Text type="secondary" data-testid="bom-restored">
              已恢复本标签页中刚才填写的粘贴内容和计价条件，点击“计价”继续。
            </Typography.Text>
          )}
          <PasteSummary parsed={parsed} tooMany={tooMany} empty={text.trim() === ''} />
          <div className="bom-options" data-testid="bom-options">
            <div className="bom-option bom-name">
              <label htmlFor="bom-name">BOM 名称</label>
              <Input
                id="bom-name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={MAX_NAME}
                placeholder="可选，如产品型号，印在核价单和导出文件上"
                allowClear
              />
            </div>
            <div className="bom-option">
              <label htmlFor="bom-on">计价日</label>
              <DatePicker
                id="bom-on"
                value={on}
                onChange={(d) => setOn(d ?? today())}
                allowClear={false}
                format="YYYY-MM-DD"
                style={{ width: 150 }}
              />
            </div>
            <div className="bom-option">
              <label htmlFor="bom-rule">计价规则</label>
              <Select<BomRule>
                id="bom-rule"
                value={rule}
                onChange={setRule}
                options={RULES.map((r) => ({ value: r, label: PRICE_RULE[r] }))}
                style={{ width: 150 }}
              />
            </div>
            <div className="bom-option">
              <label htmlFor="bom-report-currency">折算币种</label>
              <Select<string>
                id="bom-report-currency"
                value={reportCurrency}
                onChange={setReportCurrency}
                options={[{ value: NO_CONVERSION, label: '不折算' }, ...['CNY', ...currencies].map((c) => ({ value: c, label: c }))]}
                style={{ width: 150 }}
              />
            </div>
          </div>
          {rule === 'preferred' && (
            <div className="bom-suppliers">
              <label htmlFor="bom-suppliers">优先供应商</label>
              <Input.TextArea
                id="bom-suppliers"
                aria-describedby="bom-suppliers-help"
                aria-invalid={problems.suppliers ? true : undefined}
                status={problems.suppliers ? 'error' : undefined}
                value={suppliersText}
                onChange={(e) => setSuppliersText(e.target.value)}
                placeholder="供应商编码，如 S0036, S0058"
                autoSize={{ minRows: 1, maxRows: 4 }}
                spellCheck={false}
              />
              <Typography.Text id="bom-suppliers-help" type={problems.suppliers ? 'danger' : 'secondary'} data-testid="bom-suppliers-help">
                {problems.suppliers ??
                  `已读取 ${splitSuppliers(suppliersText).length} 个：靠前的优先；都没有有效价格的物料按最新核价选取。可用逗号、空格或换行分隔。`}
              </Typography.Text>
            </div>
          )}
          <WhatIfRates currencies={currencies} values={whatIf} onChange={setWhatIf} problems={problems} tableRates={tableRates} day={day} />
          <Space wrap size="middle" align="center">
            <Button
              type="primary"
              onClick={() => void price(current)}
              loading={busy}
              disabled={parsed.lines.length === 0 || tooMany || !optionsOk}
            >
              计价
            </Button>
            <Button onClick={clear} disabled={busy || (text === '' && run.state === 'idle')}>
              清空
            </Button>
          </Space>
        </Space>
      </Card>

      <Card
        styles={cardStyles}
        title={<h2 style={{ fontSize: 16, margin: 0 }}>计价结果</h2>}
        // Beside the title there is room only on a wide screen: on a phone the buttons took the whole
        // header and squeezed the title out, so they go first in the body, under it.
        extra={wide && resultActions}
      >
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {!wide && resultActions}
          {stale && <Alert type="info" showIcon message="粘贴内容或计价日已修改，下表仍是上次计价的结果；点击“计价”重新计算。" />}
          {optionsStale && <Alert type="info" showIcon message="计价条件有误，下表仍是上次计价的结果；改正后自动重新计算。" />}
          {run.state === 'failed' && run.unreachable && <Unreachable compact onRetry={() => price(run.sent)} />}
          {run.state === 'failed' && !run.unreachable && (
            <div data-testid="bom-error">
              <Alert
                type="error"
                showIcon
                message="计价失败"
                description={`${run.message.replace(/[。.]$/, '')}。表中没有结果；请检查后重试，如仍失败请联系系统管理员。`}
              />
            </div>
          )}
          {answer && <ResultSummary answer={answer} />}
          {answer && <PricingBasis answer={answer} />}
          <div data-testid="bom-lines">
            <AcceptSuggestion.Provider value={acceptSuggestion}>
              <Table<BomLineResult>
                rowKey="lineNo"
                size="small"
                columns={columns}
                dataSource={answer?.lines ?? []}
                loading={busy}
                scroll={{ x: LINES_MIN_WIDTH + (shownCurrency ? CONVERTED_WIDTH : 0) }}
                pagination={{ defaultPageSize: 100, hideOnSinglePage: true, showSizeChanger: true, pageSizeOptions: [50, 100, 200, 500] }}
                locale={{ emptyText: emptyText(run) }}
              />
            </AcceptSuggestion.Provider>
          </div>
          {answer && <Totals totals={answer.totals} wide={wide} />}
          {answer?.reportTotal && <ReportTotal total={answer.reportTotal} wide={wide} />}
          {answer && <BomSheet answer={answer} name={named.name} />}
        </Space>
      </Card>
    </Space>
  );
}

// The fields wrap on a narrow screen: each keeps its label beside it and never widens the page.
const OPTIONS_STYLE = `.bom-options { display: flex; flex-wrap: wrap; align-items: center; gap: 12px 24px; }
.bom-option { display: flex; align-items: center; gap: 8px; }
.bom-option > label { white-space: nowrap; }
.bom-name { flex: 0 1 420px; min-width: 0; }
.bom-name > .ant-input-affix-wrapper { flex: 1; min-width: 0; }
.bom-suppliers { display: grid; gap: 4px; max-width: 480px; }
.bom-what-if { border: 0; margin: 0; padding: 0; min-width: 0; }
.bom-what-if legend { font-size: 14px; margin-bottom: 4px; padding: 0; border: 0; width: auto; }
.bom-what-if-rates { display: flex; flex-wrap: wrap; gap: 8px 16px; }
.bom-what-if-rate { display: flex; align-items: center; gap: 6px; }
.bom-what-if-rate > label { min-width: 32px; }
.bom-what-if-rate .ant-input { width: 128px; }`;

/** The table's rates of a day as the what-if fields show them; `failed` when they could not be read. */
interface DayRates {
  rates: Record<string, number>;
  failed: boolean;
  retry: () => void;
}

/**
 * The exchange-rate table's rate of each currency in force on `day`: the what-if fields show it until
 * one is typed. Read again on `retry` and whenever `again` changes (a run finished), so an outage's
 * failure does not outlast the outage.
 */
function useDayRates(day: string, again: unknown): DayRates {
  const [read, setRead] = useState<{ day: string; rates: Record<string, number> | null }>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    queryExchangeRates({ on: day, pageSize: 200 }).then(
      (page) => live && setRead({ day, rates: Object.fromEntries(page.data.map((r) => [r.currency, r.rateToCny])) }),
      () => live && setRead({ day, rates: null }),
    );
    return () => {
      live = false;
    };
  }, [day, attempt]);
  const current = read?.day === day ? read.rates : {};
  const failed = current === null;
  // A run that finished after a failed read: the service may answer again, so read again.
  const [seen, setSeen] = useState(again);
  if (again !== seen) {
    setSeen(again);
    if (failed) setAttempt((n) => n + 1);
  }
  return { rates: current ?? {}, failed, retry: () => setAttempt((n) => n + 1) };
}

/** 假设汇率: a rate per currency for this run only (CNY per unit); empty, the table's rate of the day. */
function WhatIfRates({
  currencies,
  values,
  onChange,
  problems,
  tableRates,
  day,
}: {
  currencies: string[];
  values: Record<string, string>;
  onChange: (next: Record<string, string>) => void;
  problems: Record<string, string>;
  tableRates: DayRates;
  day: string;
}) {
  const wrong = currencies.filter((c) => problems[`rate-${c}`]);
  const table = tableRates.rates;
  return (
    <fieldset className="bom-what-if" aria-describedby="bom-what-if-help">
      <legend>假设汇率（人民币/单位外币）</legend>
      <div className="bom-what-if-rates">
        {currencies.map((c) => (
          <div key={c} className="bom-what-if-rate">
            <label htmlFor={`bom-rate-${c}`}>{c}</label>
            <Input
              id={`bom-rate-${c}`}
              inputMode="decimal"
              value={values[c] ?? ''}
              status={problems[`rate-${c}`] ? 'error' : undefined}
              aria-invalid={problems[`rate-${c}`] ? true : undefined}
              onChange={(e) => onChange({ ...values, [c]: e.target.value })}
              placeholder={table[c] !== undefined ? formatFxRate(table[c]) : tableRates.failed ? '未读到' : '无汇率'}
              allowClear
            />
          </div>
        ))}
      </div>
      <Typography.Text id="bom-what-if-help" type={wrong.length > 0 ? 'danger' : 'secondary'} style={{ display: 'block', marginTop: 4 }}>
        {wrong.length > 0 ? (
          wrong.map((c) => `${c} ${problems[`rate-${c}`]}`).join('；')
        ) : tableRates.failed ? (
          <>
            服务暂时无法连接，未读到汇率表 {day} 的汇率；留空时以计价结果所列汇率为准。
            <Button type="link" size="small" onClick={tableRates.retry}>
              重试
            </Button>
          </>
        ) : (
          `留空则按汇率表 ${day} 有效的汇率（框内灰字）；填写的汇率只用于本次计价的比较和折算。`
        )}
      </Typography.Text>
    </fieldset>
  );
}

/** In the secondary text colour: antd's empty text is too light for WCAG AA. */
function emptyText(run: Run) {
  const text = run.state === 'busy' ? '正在计价…' : run.state === 'failed' ? '计价失败，没有结果' : '粘贴物料编码后点击“计价”';
  return <Typography.Text type="secondary">{text}</Typography.Text>;
}

function PasteSummary({ parsed, tooMany, empty }: { parsed: ReturnType<typeof parseBomPaste>; tooMany: boolean; empty: boolean }) {
  if (empty) return null;
  const { lines, rejected, header } = parsed;
  return (
    <Space direction="vertical" size="small" style={{ width: '100%' }}>
      <Typography.Text data-testid="bom-read">
        已读取 {lines.length} 行{header ? '（已跳过标题行）' : ''}
        {rejected.length > 0 ? `，${rejected.length} 行有误，未计入：` : ''}
      </Typography.Text>
      {tooMany && (
        <Alert
          type="error"
          showIcon
          message={`一次最多计价 ${MAX_BOM_LINES.toLocaleString('zh-CN')} 行，这次读到 ${lines.length.toLocaleString('zh-CN')} 行，请分批粘贴。`}
        />
      )}
      {rejected.length > 0 && (
        <div data-testid="bom-rejected">
          <Alert
            type="warning"
            message={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {rejected.map((r, i) => (
                  <li key={i}>
                    第 {r.sourceLine} 行“{r.text}”：{r.reason}
                  </li>
                ))}
              </ul>
            }
          />
        </div>
      )}
    </Space>
  );
}

function ResultSummary({ answer }: { answer: BomAnswer }) {
  const count = (r: BomResult) => answer.lines.filter((l) => l.result === r).length;
  // Said above the table too: on a phone, or on another page of the table, the question is out of view.
  const suggestions = answer.lines.filter(suggested).length;
  return (
    <>
      <Typography.Text data-testid="bom-summary">
        共 {answer.lines.length} 行：{RESULT_ORDER.map((r) => `${BOM_RESULT[r].text} ${count(r)}`).join('，')}
      </Typography.Text>
      {suggestions > 0 && (
        <Typography.Text data-testid="bom-suggestions" style={{ display: 'block' }}>
          其中 {suggestions} 行的物料编码与现有编码只差大小写、全角或不可见字符：见该行物料名称处的“是否为
          …？”，确认后可改为现有编码并重新计价。
        </Typography.Text>
      )}
    </>
  );
}

function Totals({ totals, wide }: { totals: BomTotal[]; wide: boolean }) {
  return (
    <div data-testid="bom-totals">
      <h3 style={{ fontSize: 14, margin: '0 0 8px' }}>按币种合计（不同币种不相加）</h3>
      {totals.length === 0 ? (
        <Typography.Text type="secondary">没有已定价的行，无合计。</Typography.Text>
      ) : (
        <Table<BomTotal>
          rowKey="currency"
          size="small"
          columns={totalColumns(wide)}
          dataSource={totals}
          pagination={false}
          scroll={{ x: 'max-content' }}
          style={{ maxWidth: 520 }}
        />
      )}
    </div>
  );
}

/** What the figures rest on: the rule (and its suppliers), the report currency, each rate used, and the rates missing, said plainly. */
function PricingBasis({ answer }: { answer: BomAnswer }) {
  const fallback = answer.lines.filter((l) => l.chosenBy === 'fallback-latest').length;
  return (
    <Space direction="vertical" size="small" style={{ width: '100%' }}>
      <Typography.Text data-testid="bom-basis">
        计价规则：{PRICE_RULE[answer.rule]}
        {answer.suppliers && `（优先供应商：${answer.suppliers.join('、')}）`}；折算币种：{answer.reportCurrency ?? '不折算'}
      </Typography.Text>
      {answer.rates.length > 0 && (
        <div data-testid="bom-rates">
          所用汇率（人民币/单位外币）：
          {answer.rates.map((r, i) => (
            <span key={r.currency} style={{ whiteSpace: 'nowrap' }}>
              {i > 0 && '；'}
              {r.currency} <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatFxRate(r.rateToCny)}</span>{' '}
              {r.source === 'what-if' ? <WhatIf /> : <Typography.Text type="secondary">汇率表 {r.rateDate} 起</Typography.Text>}
            </span>
          ))}
        </div>
      )}
      {answer.missingRates.length > 0 && (
        <div data-testid="bom-missing-rates">
          <Alert
            type="warning"
            showIcon
            message={`计价日 ${answer.on} 没有 ${answer.missingRates.join('、')} 的汇率`}
            description={
              answer.reportCurrency
                ? '这些币种的行没有折算金额，不计入折算合计；需要比较不同币种价格的物料按最新核价选取。可在“假设汇率”中填写汇率后再看。'
                : '需要比较不同币种价格的物料按最新核价选取。可在“假设汇率”中填写汇率后再看。'
            }
          />
        </div>
      )}
      {answer.lines.length > 0 && (
        <Typography.Text type="secondary">
          有效价格数、有效价格区间、选取方式以及所取价格的核价单号、核价时间和有效期在表格右侧，表格可左右滚动。
        </Typography.Text>
      )}
      {fallback > 0 && (
        <Typography.Text data-testid="bom-fallback">
          <Tag style={WARN_TAG}>{CHOSEN_BY['fallback-latest'].text}</Tag> {fallback}{' '}
          行：规则无法选择（缺汇率或优先供应商都没有有效价格），已按最新核价选取。
        </Typography.Text>
      )}
    </Space>
  );
}

/** 折算合计: the converted lines added up in the report currency; lines without a rate are said, never left out silently. */
function ReportTotal({ total, wide }: { total: BomReportTotal; wide: boolean }) {
  const columns: TableColumnsType<BomReportTotal> = [
    { title: '计入行数', dataIndex: 'lines', width: wide ? 96 : 72, align: 'right', onCell: moneyCell },
    {
      // On a phone the heading names the currency.
      title: wide ? `折算金额合计（${total.currency}）` : '折算金额合计',
      dataIndex: 'amount',
      width: wide ? 180 : 110,
      align: 'right',
      onCell: moneyCell,
      render: (v: number) => money(v),
    },
    {
      title: wide ? `折算含税金额合计（${total.currency}）` : '折算含税金额合计',
      dataIndex: 'amountWithTax',
      width: wide ? 200 : 124,
      align: 'right',
      onCell: moneyCell,
      render: (v: number) => money(v),
    },
  ];
  return (
    <div data-testid="bom-report-total">
      <h3 style={{ fontSize: 14, margin: '0 0 8px' }}>
        折算合计（{total.currency}）
        {total.rateSource === 'what-if' && <Tag style={{ ...WHAT_IF_TAG, marginInlineStart: 8 }}>含假设汇率</Tag>}
      </h3>
      <Table<BomReportTotal>
        rowKey="currency"
        size="small"
        columns={columns}
        dataSource={[total]}
        pagination={false}
        scroll={{ x: 'max-content' }}
        style={{ maxWidth: 520 }}
      />
      {total.linesWithoutRate > 0 && (
        <div data-testid="bom-without-rate" style={{ marginTop: 8, maxWidth: 520 }}>
          <Alert type="warning" showIcon message={`${total.linesWithoutRate} 行没有汇率，未计入`} />
        </div>
      )}
    </div>
  );
}
