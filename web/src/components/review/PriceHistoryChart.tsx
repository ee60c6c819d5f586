import {
  CartesianGrid,
  Legend,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import type { ApprovedSummary, HistoryRow } from '../../api/services';
import { formatDate } from '../../format';
import { pricingStatus } from '../../labels';
import { formatMoney, formatMoneyTick } from '../../money';

/**
 * A colour per supplier: dark enough for 3:1 against white as a graphic, and neither the rise red
 * nor the fall green of the changes, so no point reads as one. More suppliers than colours repeat them.
 */
const SUPPLIER_COLORS = ['#1d4ed8', '#b45309', '#7c3aed', '#0f766e', '#a21caf', '#475569', '#0369a1', '#92400e'];

interface Point extends HistoryRow {
  time: number;
}

/** An approved price: a filled dot (the approved of one supplier are also joined by a line). */
function approvedDot({ cx, cy, fill, payload }: { cx?: number; cy?: number; fill?: string; payload?: Point }) {
  if (cx === undefined || cy === undefined) return <g />;
  return (
    <g data-pricing-no={payload?.pricingNo} data-approved="true">
      <circle cx={cx} cy={cy} r={5} fill={fill} stroke={fill} />
      {payload?.current && <circle cx={cx} cy={cy} r={9} fill="none" stroke="#000" strokeWidth={1.5} data-current="true" />}
    </g>
  );
}

/** Any other status: a hollow dot of the supplier's colour, never joined. */
function otherDot({ cx, cy, fill, payload }: { cx?: number; cy?: number; fill?: string; payload?: Point }) {
  if (cx === undefined || cy === undefined) return <g />;
  return (
    <g data-pricing-no={payload?.pricingNo} data-approved="false">
      <circle cx={cx} cy={cy} r={4.5} fill="#fff" stroke={fill} strokeWidth={2} />
      {payload?.current && <circle cx={cx} cy={cy} r={9} fill="none" stroke="#000" strokeWidth={1.5} data-current="true" />}
    </g>
  );
}

function PointTooltip({ active, payload }: TooltipContentProps) {
  const point = payload?.[0]?.payload as Point | undefined;
  if (!active || !point) return null;
  return (
    <div style={{ background: '#fff', border: '1px solid #d9d9d9', padding: '8px 12px', fontSize: 12, lineHeight: 1.7 }}>
      <div style={{ fontWeight: 600 }}>
        {point.pricingNo}
        {point.current ? '（本条）' : ''}
      </div>
      <div>{point.supplierName}</div>
      <div>
        {pricingStatus(point.status).text} · {formatDate(point.pricedAt)}
      </div>
      <div>未税单价 {formatMoney(point.unitPrice, 'price')}</div>
    </div>
  );
}

/**
 * 历史价格's chart: each pricing of the part at its time and unit price, one colour per supplier;
 * approved prices filled and joined, the others hollow; this pricing ringed; the band from the
 * lowest to the highest approved price of the summary's window, and its median dashed.
 */
export function PriceHistoryChart({ rows, summary }: { rows: HistoryRow[]; summary: ApprovedSummary }) {
  const points: Point[] = rows.map((r) => ({ ...r, time: Date.parse(r.pricedAt) })).sort((a, b) => a.time - b.time);
  const suppliers = [...new Set(points.map((p) => p.supplierName))];
  const colorOf = (supplier: string) => SUPPLIER_COLORS[suppliers.indexOf(supplier) % SUPPLIER_COLORS.length];
  const approved = points.filter((p) => p.status === 'approved').length;
  const description =
    `历史价格图：${points.length} 条核价，${suppliers.length} 家供应商，其中已批准 ${approved} 条` +
    (summary.count > 0
      ? `；本条之前的批准价 ${formatMoney(summary.min, 'price')} 至 ${formatMoney(summary.max, 'price')}，中位数 ${formatMoney(summary.median, 'price')}`
      : '');
  return (
    <figure style={{ margin: 0 }} aria-label={description}>
      <div style={{ width: '100%', height: 300 }} data-testid="history-chart">
        <ResponsiveContainer>
          <ScatterChart margin={{ top: 16, right: 24, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              type="number"
              dataKey="time"
              name="核价时间"
              scale="time"
              domain={['dataMin', 'dataMax']}
              padding={{ left: 24, right: 24 }}
              tickFormatter={(t: number) => formatDate(new Date(t).toISOString()).slice(0, 7)}
            />
            <YAxis type="number" dataKey="unitPrice" name="未税单价" tickFormatter={formatMoneyTick} width={72} />
            {summary.count > 0 && summary.min !== null && summary.max !== null && (
              <ReferenceArea y1={summary.min} y2={summary.max} fill="#1677ff" fillOpacity={0.08} ifOverflow="extendDomain" />
            )}
            {summary.median !== null && (
              <ReferenceLine
                y={summary.median}
                stroke="#595959"
                strokeDasharray="6 4"
                ifOverflow="extendDomain"
                label={{
                  value: `中位数 ${formatMoney(summary.median, 'price')}`,
                  position: 'insideTopLeft',
                  fill: '#595959',
                  fontSize: 12,
                }}
              />
            )}
            <Tooltip content={PointTooltip} cursor={{ strokeDasharray: '3 3' }} />
            <Legend />
            {suppliers.flatMap((supplier) => [
              <Scatter
                key={`${supplier}-approved`}
                name={supplier}
                data={points.filter((p) => p.supplierName === supplier && p.status === 'approved')}
                fill={colorOf(supplier)}
                line={{ stroke: colorOf(supplier), strokeWidth: 1.5 }}
                shape={approvedDot}
                isAnimationActive={false}
              />,
              <Scatter
                key={`${supplier}-other`}
                name={`${supplier}（未批准）`}
                legendType="none"
                data={points.filter((p) => p.supplierName === supplier && p.status !== 'approved')}
                fill={colorOf(supplier)}
                shape={otherDot}
                isAnimationActive={false}
              />,
            ])}
          </ScatterChart>
        </ResponsiveContainer>
      </div>
      <figcaption style={{ fontSize: 12, color: '#595959' }}>
        实心点连线：已批准；空心点：其他状态；黑圈：本条。浅色带：本条之前统计期内批准价的最低至最高，虚线：其中位数。
      </figcaption>
    </figure>
  );
}
