import { ExportButtons } from '../components/ExportButtons';
import { Alert, Badge, Button, Card, DatePicker, Grid, Input, Space, Table, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../api/client';
import { PRICING_ROW_LABELS as L } from '../api/fields';
import {
  BOM_PRICE_PATH,
  queryBomPrice,
  type BomLineResult,
  type BomPrice as BomAnswer,
  type BomResult,
  type BomTotal,
} from '../api/services';
import { MAX_BOM_LINES, parseBomPaste, type BomLine } from '../bom-paste';
import { businessToday, formatQuantity } from '../format';
import { BOM_RESULT } from '../labels';
import { formatMoney, MONEY_CELL } from '../money';
import { BomSheet } from '../components/print/BomSheet';

const PASTE_ID = 'bom-paste';
const PASTE_HELP_ID = 'bom-paste-help';

/** Today as a calendar day in APP_TIMEZONE (the service's own default for `on`). */
const today = (): Dayjs => dayjs(businessToday());

const money = (value: number | null | undefined) => formatMoney(value, 'price');
const moneyCell = () => ({ style: MONEY_CELL });

/** The body sent, to tell whether the table still shows what the paste and the day say. */
interface Sent {
  lines: BomLine[];
  on: string;
}

type Run =
  | { state: 'idle' }
  | { state: 'busy'; sent: Sent }
  | { state: 'done'; sent: Sent; answer: BomAnswer }
  | { state: 'failed'; sent: Sent; message: string };

const sameRequest = (a: Sent, b: Sent) => a.on === b.on && JSON.stringify(a.lines) === JSON.stringify(b.lines);

const RESULT_ORDER: BomResult[] = ['priced', 'no-price', 'unknown-part'];

/**
 * The lines' columns. Their widths add up to what fits beside the menu at 1400 px; narrower, the
 * table scrolls sideways, with 行号 and 物料编码 kept in view when there is room for them (not on a phone).
 */
const lineColumns = (keepCodeInView: boolean): TableColumnsType<BomLineResult> => [
  { title: '行号', dataIndex: 'lineNo', width: 48, align: 'right', onCell: moneyCell, fixed: keepCodeInView ? 'left' : undefined },
  {
    title: L.partNo,
    dataIndex: 'partNo',
    width: 132,
    fixed: keepCodeInView ? 'left' : undefined,
    ellipsis: { showTitle: true },
  },
  { title: L.partName, key: 'partName', width: 100, render: (_, row) => row.pricing?.partName ?? '-' },
  { title: L.spec, key: 'spec', width: 112, ellipsis: { showTitle: true }, render: (_, row) => row.pricing?.spec ?? '-' },
  {
    title: '供应商',
    key: 'supplier',
    // No width: it takes what is left (at least its share of LINES_MIN_WIDTH), the longest names are cut with a tooltip.
    ellipsis: { showTitle: false },
    render: (_, row) =>
      row.pricing ? <span title={`${row.pricing.supplierCode} ${row.pricing.supplierName}`}>{row.pricing.supplierName}</span> : '-',
  },
  { title: '数量', dataIndex: 'quantity', width: 80, align: 'right', onCell: moneyCell, render: (v: number) => formatQuantity(v) },
  { title: L.currency, key: 'currency', width: 52, render: (_, row) => row.pricing?.currency ?? '-' },
  {
    title: L.unitPrice,
    key: 'unitPrice',
    width: 100,
    align: 'right',
    onCell: moneyCell,
    render: (_, row) => money(row.pricing?.unitPrice),
  },
  { title: '金额', dataIndex: 'amount', width: 116, align: 'right', onCell: moneyCell, render: (v: number | null) => money(v) },
  { title: '含税金额', dataIndex: 'amountWithTax', width: 116, align: 'right', onCell: moneyCell, render: (v: number | null) => money(v) },
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
  {
    title: '结果',
    dataIndex: 'result',
    width: 108,
    filters: RESULT_ORDER.map((r) => ({ text: BOM_RESULT[r].text, value: r })),
    onFilter: (value, row) => row.result === value,
    render: (v: BomResult) => <Badge status={BOM_RESULT[v].status} text={BOM_RESULT[v].text} style={{ whiteSpace: 'nowrap' }} />,
  },
];

/** The fixed columns' widths (1,096 px) and 150 px for 供应商: below this the table scrolls sideways. */
const LINES_MIN_WIDTH = 1246;

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

/** 批量核价: a parts list pasted from Excel, priced on a day. */
export default function BomPrice() {
  const [text, setText] = useState('');
  const [on, setOn] = useState<Dayjs>(today);
  const [run, setRun] = useState<Run>({ state: 'idle' });
  // On a phone the cards give their padding to the table, and no column stays fixed.
  const wide = Grid.useBreakpoint().sm !== false;
  const columns = useMemo(() => lineColumns(wide), [wide]);
  const cardStyles = wide ? undefined : { body: { padding: 12 }, header: { paddingInline: 12 } };
  const parsed = useMemo(() => parseBomPaste(text), [text]);
  const current: Sent = useMemo(
    () => ({ lines: parsed.lines.map(({ partNo, quantity }) => ({ partNo, quantity })), on: on.format('YYYY-MM-DD') }),
    [parsed, on],
  );
  const tooMany = parsed.lines.length > MAX_BOM_LINES;
  const busy = run.state === 'busy';

  async function price() {
    const sent = current;
    setRun({ state: 'busy', sent });
    try {
      setRun({ state: 'done', sent, answer: await queryBomPrice(sent) });
    } catch (err) {
      const why = err instanceof ApiError ? err.describe() : '网络错误，未连上服务';
      setRun({ state: 'failed', sent, message: why });
    }
  }

  function clear() {
    setText('');
    setRun({ state: 'idle' });
  }

  const stale = run.state === 'done' && !sameRequest(run.sent, current);
  const answer = run.state === 'done' ? run.answer : undefined;
  const resultActions = run.state === 'done' && (
    <Space wrap>
      <Typography.Text type="secondary" data-testid="bom-day">
        计价日 {run.answer.on}
      </Typography.Text>
      <ExportButtons path={BOM_PRICE_PATH} query={() => run.sent} />
      <Button onClick={() => window.print()}>打印</Button>
    </Space>
  );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card styles={cardStyles} title={<h1 style={{ fontSize: 20, margin: 0 }}>批量核价</h1>}>
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
          <PasteSummary parsed={parsed} tooMany={tooMany} empty={text.trim() === ''} />
          <Space wrap size="middle" align="center">
            <Space size="small" align="center">
              <label htmlFor="bom-on">计价日</label>
              <DatePicker
                id="bom-on"
                value={on}
                onChange={(d) => setOn(d ?? today())}
                allowClear={false}
                format="YYYY-MM-DD"
                style={{ width: 150 }}
              />
            </Space>
            <Button type="primary" onClick={() => void price()} loading={busy} disabled={parsed.lines.length === 0 || tooMany}>
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
          {run.state === 'failed' && (
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
          <div data-testid="bom-lines">
            <Table<BomLineResult>
              rowKey="lineNo"
              size="small"
              columns={columns}
              dataSource={answer?.lines ?? []}
              loading={busy}
              scroll={{ x: LINES_MIN_WIDTH }}
              pagination={{ defaultPageSize: 100, hideOnSinglePage: true, showSizeChanger: true, pageSizeOptions: [50, 100, 200, 500] }}
              locale={{ emptyText: emptyText(run) }}
            />
          </div>
          {answer && <Totals totals={answer.totals} wide={wide} />}
          {answer && <BomSheet answer={answer} />}
        </Space>
      </Card>
    </Space>
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
  return (
    <Typography.Text data-testid="bom-summary">
      共 {answer.lines.length} 行：{RESULT_ORDER.map((r) => `${BOM_RESULT[r].text} ${count(r)}`).join('，')}
    </Typography.Text>
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
