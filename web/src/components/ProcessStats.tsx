import { Alert, Button, Card, Spin } from 'antd';
import { useState, type CSSProperties } from 'react';
import { SECONDARY_PROCESS_ROW_LABELS as L } from '../api/fields';
import { queryProcessStats, type ProcessStatsGroup, type ProcessStatsQuery } from '../api/services';
import { PRICE_BASIS, PROCESS_CATEGORY } from '../labels';
import { MONEY_CELL } from '../money';
import { failure, useAnswer } from './review/answer';
import { UnitPrice } from './UnitPrice';

/** Groups shown before 展开: the card sits above the list and must not push it off the screen. */
const FIRST_GROUPS = 5;

const CELL: CSSProperties = { padding: '6px 8px', borderBottom: '1px solid #f0f0f0', verticalAlign: 'top', textAlign: 'left' };
const HEAD: CSSProperties = { ...CELL, background: '#fafafa', fontWeight: 600, whiteSpace: 'nowrap' };
const NUMBER: CSSProperties = { ...CELL, ...MONEY_CELL };
const NOTE: CSSProperties = { color: '#595959', fontSize: 12 };

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

/**
 * 工艺价格统计: what each process costs under the list's filters (POST
 * /api/query/secondary-process-stats), per process name, category, price basis and currency, since
 * a price per kg says nothing of one per piece. Shown above the secondary-process list's table.
 */
export function ProcessStats({ filters }: { filters: Readonly<Record<string, unknown>> }) {
  const answer = useAnswer(queryProcessStats, filters as ProcessStatsQuery);
  const [expanded, setExpanded] = useState(false);
  const head = (title: string, numeric = false) => (
    <th scope="col" style={numeric ? { ...HEAD, textAlign: 'right' } : HEAD}>
      {title}
    </th>
  );
  return (
    <Card size="small" data-testid="process-stats" title="工艺价格统计" style={{ width: '100%' }}>
      {answer.loading ? (
        <Spin size="small" tip="统计中…">
          <div style={{ height: 48 }} />
        </Spin>
      ) : 'error' in answer ? (
        <Alert type="error" showIcon message={`统计失败：${failure(answer.error)}`} />
      ) : answer.data.groups.length === 0 ? (
        <span style={NOTE}>没有符合条件的报价</span>
      ) : (
        <>
          {/* Sideways on a phone: focusable, so that the keyboard can scroll it too. */}
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
                {(expanded ? answer.data.groups : answer.data.groups.slice(0, FIRST_GROUPS)).map((g) => (
                  <tr key={`${g.processName}|${g.category}|${g.priceBasis}|${g.currency}`} data-testid="process-stats-row">
                    <td style={{ ...CELL, whiteSpace: 'nowrap' }}>{g.processName}</td>
                    <td style={{ ...CELL, whiteSpace: 'nowrap' }}>{PROCESS_CATEGORY[g.category].text}</td>
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
