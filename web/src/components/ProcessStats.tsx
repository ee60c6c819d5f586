import { Alert, Button, Card, Segmented, Spin } from 'antd';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { SECONDARY_PROCESS_ROW_LABELS as L } from '../api/fields';
import { queryProcessStats, type ProcessStatsGroup, type ProcessStatsQuery } from '../api/services';
import { businessToday } from '../format';
import { PRICE_BASIS, PROCESS_CATEGORY, processCategory } from '../labels';
import { MONEY_CELL } from '../money';
import { useNarrow } from './narrow';
import { useAnswer } from './review/answer';
import { AnswerFailure } from './review/ReviewCard';
import { UnitPrice } from './UnitPrice';

/** Groups shown before 展开: the card sits above the list and must not push it off the screen. */
const FIRST_GROUPS = 5;

const CELL: CSSProperties = { padding: '6px 8px', borderBottom: '1px solid #f0f0f0', verticalAlign: 'top', textAlign: 'left' };
const HEAD: CSSProperties = { ...CELL, background: '#fafafa', fontWeight: 600, whiteSpace: 'nowrap' };
const NUMBER: CSSProperties = { ...CELL, ...MONEY_CELL };
const NOTE: CSSProperties = { color: '#595959', fontSize: 12 };
const CARD: CSSProperties = { border: '1px solid #f0f0f0', borderRadius: 8, padding: '8px 12px' };
const FACTS: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: '2px 12px',
  alignItems: 'baseline',
  margin: '6px 0 0',
};

function Latest({ g }: { g: ProcessStatsGroup }) {
  if (!g.latest) return <span style={NOTE}>当日无有效报价</span>;
  const { supplierName, unitPrice, validFrom, processNo } = g.latest;
  return (
    <div style={{ lineHeight: 1.5 }}>
      <div title={processNo}>{supplierName}</div>
      <div style={{ whiteSpace: 'nowrap' }}>
        <UnitPrice value={unitPrice} currency={g.currency} basis={g.priceBasis} />
        <span style={NOTE}>{validFrom} 起</span>
      </div>
    </div>
  );
}

const groupKey = (g: ProcessStatsGroup) => `${g.processName}|${g.category}|${g.priceBasis}|${g.currency}`;

/** On a phone a group is a card of its own: nine columns would scroll sideways. */
function GroupCard({ g }: { g: ProcessStatsGroup }) {
  const price = (value: number | null) => <UnitPrice value={value} currency={g.currency} basis={g.priceBasis} />;
  const facts: [string, ReactNode][] = [
    ['报价数', g.count],
    ['最低', price(g.min)],
    ['中位', price(g.median)],
    ['最高', price(g.max)],
    ['最新报价', <Latest g={g} />],
  ];
  return (
    <li style={CARD} data-testid="process-stats-card">
      <div>
        <strong>{g.processName}</strong>{' '}
        <span style={NOTE}>
          {processCategory(g.category).text} · {PRICE_BASIS[g.priceBasis]} · {g.currency}
        </span>
      </div>
      <dl style={FACTS}>
        {facts.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt style={NOTE}>{label}</dt>
            <dd style={{ margin: 0, minWidth: 0 }}>{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** Which prices the card counts: those in force on the day (the default), or every matching one. */
type Scope = 'inForce' | 'all';

/**
 * The category a keyword names exactly (电镀, 热处理 …), if any: as a keyword it also finds suppliers,
 * processes and parts whose names hold it (昆山市金辉电镀有限公司's 去毛刺), as a category only those.
 */
function categoryNamed(keyword: unknown): string | undefined {
  if (typeof keyword !== 'string') return undefined;
  return Object.entries(PROCESS_CATEGORY).find(([, { text }]) => text === keyword.trim())?.[0];
}

/** The keyword names a category: it offers to filter by the category instead. */
function CategoryOffer({
  filters,
  onFilters,
}: {
  filters: Readonly<Record<string, unknown>>;
  onFilters: (next: Record<string, unknown>) => void;
}) {
  const category = categoryNamed(filters.keyword);
  if (!category) return null;
  const name = processCategory(category).text;
  const { keyword: _keyword, ...rest } = filters;
  return (
    <div data-testid="category-offer" style={{ marginBottom: 12 }}>
      <Alert
        type="info"
        showIcon
        message={`关键字“${name}”也会找到名称中含“${name}”的供应商、加工名称和物料，统计中可能混有其他类别的工艺。`}
        description={
          <Button size="small" onClick={() => onFilters({ ...rest, category: [category] })}>
            改为只看类别为“{name}”的报价
          </Button>
        }
      />
    </div>
  );
}

/**
 * 工艺价格统计: what each process costs under the list's filters (POST
 * /api/query/secondary-process-stats), per process name, category, price basis and currency, since
 * a price per kg says nothing of one per piece. Shown above the secondary-process list's table. By
 * default the prices in force today (status 有效, today within their validity; the list's 有效日
 * when it has one), which is what a price is compared with; 全部报价 counts every matching one.
 */
export function ProcessStats({
  filters,
  onFilters,
}: {
  filters: Readonly<Record<string, unknown>>;
  /** Asks the list with other filters (a keyword that names a category, as the category). */
  onFilters?: (next: Record<string, unknown>) => void;
}) {
  const [scope, setScope] = useState<Scope>('inForce');
  const day = typeof filters.validOn === 'string' ? filters.validOn : businessToday();
  const status = Array.isArray(filters.status) ? (filters.status as string[]) : undefined;
  // The list asks only for 停用 prices: none of them is in force.
  const noneInForce = scope === 'inForce' && status !== undefined && !status.includes('active');
  const query = scope === 'all' ? filters : { ...filters, status: ['active'], validOn: day };
  const answer = useAnswer(queryProcessStats, noneInForce ? null : (query as ProcessStatsQuery));
  const [expanded, setExpanded] = useState(false);
  const narrow = useNarrow();
  const dayName = day === businessToday() ? '今日' : day;
  const head = (title: string, numeric = false) => (
    <th scope="col" style={numeric ? { ...HEAD, textAlign: 'right' } : HEAD}>
      {title}
    </th>
  );
  const groups = !noneInForce && 'data' in answer ? answer.data.groups : [];
  const shown = expanded ? groups : groups.slice(0, FIRST_GROUPS);
  const counted =
    scope === 'inForce'
      ? `统计${dayName === '今日' ? '今日' : ` ${day} `}有效的报价（状态为有效、当日在有效期内）`
      : '统计全部符合条件的报价（含停用和已过期的）';
  return (
    <Card
      size="small"
      data-testid="process-stats"
      title="工艺价格统计"
      style={{ width: '100%' }}
      extra={
        <Segmented<Scope>
          size="small"
          aria-label="统计范围"
          value={scope}
          onChange={setScope}
          options={[
            { value: 'inForce', label: `${dayName}有效` },
            { value: 'all', label: '全部报价' },
          ]}
        />
      }
    >
      {onFilters && <CategoryOffer filters={filters} onFilters={onFilters} />}
      {noneInForce ? (
        <span style={NOTE} data-testid="process-stats-total">
          查询条件只含停用的报价，没有有效的报价可统计；可切换到“全部报价”。
        </span>
      ) : answer.loading ? (
        <Spin size="small" tip="统计中…">
          <div style={{ height: 48 }} />
        </Spin>
      ) : 'error' in answer ? (
        <AnswerFailure title="工艺价格统计" answer={answer} />
      ) : answer.data.groups.length === 0 ? (
        <span style={NOTE} data-testid="process-stats-total">
          没有符合条件的报价；{counted}。
        </span>
      ) : (
        <>
          {narrow ? (
            <ul aria-label="工艺价格统计" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
              {shown.map((g) => (
                <GroupCard key={groupKey(g)} g={g} />
              ))}
            </ul>
          ) : (
            // Sideways in a narrow window: focusable, so that the keyboard can scroll it too.
            <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="工艺价格统计表">
              <table aria-label="工艺价格统计" style={{ borderCollapse: 'collapse', width: '100%', fontSize: 13 }}>
                <thead>
                  <tr>
                    {head('工艺名称')}
                    {head('类别')}
                    {head('计价单位')}
                    {head(L.currency)}
                    {head('报价数', true)}
                    {head('最低', true)}
                    {head('中位', true)}
                    {head('最高', true)}
                    {head('最新报价')}
                  </tr>
                </thead>
                <tbody>
                  {shown.map((g) => (
                    <tr key={groupKey(g)} data-testid="process-stats-row">
                      <td style={{ ...CELL, whiteSpace: 'nowrap' }}>{g.processName}</td>
                      <td style={{ ...CELL, whiteSpace: 'nowrap' }}>{processCategory(g.category).text}</td>
                      <td style={{ ...CELL, whiteSpace: 'nowrap' }}>{PRICE_BASIS[g.priceBasis]}</td>
                      <td style={CELL}>{g.currency}</td>
                      <td style={NUMBER}>{g.count}</td>
                      {[g.min, g.median, g.max].map((v, i) => (
                        <td key={i} style={NUMBER}>
                          <UnitPrice value={v} currency={g.currency} basis={g.priceBasis} />
                        </td>
                      ))}
                      <td style={CELL}>
                        <Latest g={g} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div style={{ ...NOTE, marginTop: 8, display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            <span data-testid="process-stats-total">
              按查询条件共 {answer.data.totalGroups} 组
              {answer.data.totalGroups > answer.data.limit ? `，列出报价最多的 ${answer.data.limit} 组` : ''}；{counted}
              ；计价单位、币种不同的报价分开统计；最新报价为 {answer.data.on} 有效的报价中生效最晚的一条
            </span>
            {answer.data.groups.length > FIRST_GROUPS && (
              <Button size="small" type="link" onClick={() => setExpanded(!expanded)} aria-expanded={expanded}>
                {expanded ? '收起' : `展开其余 ${answer.data.groups.length - FIRST_GROUPS} 组`}
              </Button>
            )}
          </div>
        </>
      )}
    </Card>
  );
}
