import { Button, Card, Spin } from 'antd';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { SECONDARY_PROCESS_ROW_LABELS as L } from '../api/fields';
import { queryProcessStats, type ProcessStatsGroup, type ProcessStatsQuery } from '../api/services';
import { PRICE_BASIS, processCategory } from '../labels';
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

/**
 * 工艺价格统计: what each process costs under the list's filters (POST
 * /api/query/secondary-process-stats), per process name, category, price basis and currency, since
 * a price per kg says nothing of one per piece. Shown above the secondary-process list's table.
 */
export function ProcessStats({ filters }: { filters: Readonly<Record<string, unknown>> }) {
  const answer = useAnswer(queryProcessStats, filters as ProcessStatsQuery);
  const [expanded, setExpanded] = useState(false);
  const narrow = useNarrow();
  const head = (title: string, numeric = false) => (
    <th scope="col" style={numeric ? { ...HEAD, textAlign: 'right' } : HEAD}>
      {title}
    </th>
  );
  const groups = 'data' in answer ? answer.data.groups : [];
  const shown = expanded ? groups : groups.slice(0, FIRST_GROUPS);
  return (
    <Card size="small" data-testid="process-stats" title="工艺价格统计" style={{ width: '100%' }}>
      {answer.loading ? (
        <Spin size="small" tip="统计中…">
          <div style={{ height: 48 }} />
        </Spin>
      ) : 'error' in answer ? (
        <AnswerFailure title="工艺价格统计" answer={answer} />
      ) : answer.data.groups.length === 0 ? (
        <span style={NOTE}>没有符合条件的报价</span>
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
              {answer.data.totalGroups > answer.data.limit ? `，列出报价最多的 ${answer.data.limit} 组` : ''}
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
