import { Card, Col, Grid, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { isUnreachable } from '../api/client';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHANGE_COLORS, directionOf } from '../components/Change';
import { queryWorkbench, type MonthlyChange, type Workbench, type WorkbenchItem } from '../api/services';
import { useAnswer } from '../components/review/answer';
import { AnswerFailure } from '../components/review/ReviewCard';
import { Unreachable } from '../components/Unreachable';
import { formatChangeRate, formatDateTime } from '../format';
import { listAddress } from '../workbench-links';

const NO_QUERY = {};

interface Item {
  key: keyof Omit<Workbench, 'on' | 'mine' | 'monthlyChange' | 'monthlyChangeAsOf'>;
  title: string;
  hint: string;
}

/** What a clerk acts on, in the order of the day. */
const ITEMS: Item[] = [
  { key: 'pending', title: '待审核', hint: '状态为待审核的核价' },
  { key: 'pendingRising', title: '待审核 · 涨幅超 10%', hint: '较上次批准价上涨 10% 及以上' },
  { key: 'expiring', title: '30 天内到期', hint: '已批准、失效日期在 30 天内的价格' },
  { key: 'staleProcesses', title: '二次加工报价已过期', hint: '状态仍为有效、失效日期已过' },
  { key: 'recent', title: '近 7 天新增', hint: '最近 7 天（含今天）的核价' },
];

function ItemCard({ item, value }: { item: Item; value: WorkbenchItem }) {
  return (
    <Link to={listAddress(value)} data-testid={`home-${item.key}`}>
      <Card hoverable size="small" style={{ height: '100%' }}>
        <Statistic title={item.title} value={value.count} suffix="条" />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {item.hint}
        </Typography.Text>
      </Card>
    </Link>
  );
}

/** The median per month as bars in the page's rise and fall colours, labelled in per cent; months without a rate stay empty. */
function MonthlyChart({ months }: { months: MonthlyChange[] }) {
  // On a phone the bars are too narrow for their labels: the tooltip says the value.
  const wide = Grid.useBreakpoint().md === true;
  const data = months.map((m) => ({ ...m, percent: m.medianChangeRate === null ? null : m.medianChangeRate * 100 }));
  return (
    <div
      style={{ width: '100%', height: 260 }}
      role="img"
      aria-label={months.map((m) => `${m.month} ${formatChangeRate(m.medianChangeRate)}`).join('，')}
    >
      <ResponsiveContainer>
        <BarChart data={data} margin={{ top: 24, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="month" tickFormatter={(m: string) => `${Number(m.slice(5))}月`} />
          <YAxis tickFormatter={(v: number) => `${v}%`} width={48} />
          <Tooltip
            formatter={(_v, _n, entry) => {
              const m = entry.payload as MonthlyChange;
              return [`${formatChangeRate(m.medianChangeRate)}（${m.count} 条）`, '变动率中位数'];
            }}
          />
          <ReferenceLine y={0} stroke="#8c8c8c" />
          <Bar dataKey="percent" isAnimationActive={false}>
            {data.map((m) => (
              <Cell key={m.month} fill={CHANGE_COLORS[directionOf(m.percent ?? 0)]} />
            ))}
            {wide && (
              <LabelList dataKey="percent" position="top" formatter={(v: unknown) => (typeof v === 'number' ? `${v.toFixed(1)}%` : '')} />
            )}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** 工作台: the first page. What needs doing today, each a link to the list that shows it. */
export default function Home() {
  const answer = useAnswer(queryWorkbench, NO_QUERY);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
        工作台{!answer.loading && 'data' in answer ? `（${answer.data.on}）` : ''}
      </Typography.Title>
      {answer.loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : 'error' in answer ? (
        isUnreachable(answer.error) ? (
          <Unreachable onRetry={answer.retry} />
        ) : (
          <AnswerFailure title="工作台" answer={answer} />
        )
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {ITEMS.map((item) => (
              <Col key={item.key} xs={12} md={8} xl={24 / 5} style={{ flex: '1 1 180px' }}>
                <ItemCard item={item} value={answer.data[item.key]} />
              </Col>
            ))}
          </Row>
          <Card title={<h2 style={{ fontSize: 16, margin: 0, whiteSpace: 'normal' }}>已批准核价的变动率中位数（近 12 个月）</h2>}>
            <MonthlyChart months={answer.data.monthlyChange} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              按核价月份统计已批准、有上次批准价的核价；统计于 {formatDateTime(answer.data.monthlyChangeAsOf)}
            </Typography.Text>
          </Card>
        </>
      )}
      <div style={{ textAlign: 'right' }}>
        <Link to="/overview">数据概况（管理员）</Link>
      </div>
    </Space>
  );
}
