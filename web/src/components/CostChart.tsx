import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PricingDetails } from '../api/services';
import { COST_TYPES } from '../labels';
import { formatMoney, formatMoneyTick } from '../money';

/**
 * The cost lines summed by cost type, stacked into one bar, beside a bar of the header's unit
 * price: when the lines add up the two bars end at the same value.
 */
export function CostChart({ summary }: { summary: PricingDetails['summary'] }) {
  const rows = [
    { name: '明细合计', ...summary.byCostType },
    { name: '未税单价', unitPrice: summary.unitPrice },
  ];
  const description = COST_TYPES.map((c) => `${c.label} ${formatMoney(summary.byCostType[c.key], 'price')}`).join('，');
  return (
    <figure style={{ margin: '16px 0 0' }} aria-label={`费用构成图：${description}；未税单价 ${formatMoney(summary.unitPrice, 'price')}`}>
      <div style={{ width: '100%', height: 260 }} data-testid="cost-chart">
        <ResponsiveContainer>
          <BarChart data={rows} layout="vertical" margin={{ left: 16, right: 32 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tickFormatter={formatMoneyTick} />
            <YAxis type="category" dataKey="name" width={80} />
            <Tooltip formatter={(v) => formatMoney(Number(v), 'price')} />
            <Legend itemSorter={null} />
            {COST_TYPES.map((c) => (
              <Bar key={c.key} dataKey={c.key} name={c.label} stackId="cost" fill={c.color} isAnimationActive={false} />
            ))}
            <Bar dataKey="unitPrice" name="未税单价" stackId="cost" fill="#334155" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption style={{ fontSize: 12, color: '#595959' }}>{description}</figcaption>
    </figure>
  );
}
