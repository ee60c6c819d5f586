import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Col, Grid, Row, Skeleton, Space, Statistic, Switch, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { isUnreachable } from '../api/client';
import { useSession } from '../auth/session';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHANGE_COLORS, directionOf } from '../components/Change';
import { queryWorkbench, type MonthlyChange, type WorkbenchItem } from '../api/services';
import { useAnswer } from '../components/review/answer';
import { AnswerFailure } from '../components/review/ReviewCard';
import { Unreachable } from '../components/Unreachable';
import { formatChangeRate, formatDateTime } from '../format';
import { listAddress, WORKBENCH_TITLES } from '../workbench-links';

const EVERYONE = {};
const MINE = { mine: true };
/** Whether 我的 was on when last left: a clerk who works their own pricings keeps it on. */
const MINE_KEY = 'workbench-mine';

type ItemKey = keyof typeof WORKBENCH_TITLES;

interface Item {
  key: ItemKey;
  hint: string;
}

/** What a clerk acts on, in the order of the day. */
const ITEMS: Item[] = [
  { key: 'pending', hint: '状态为待审核的核价' },
  { key: 'pendingRising', hint: '较上次批准价上涨 10% 及以上' },
  { key: 'expiring', hint: '已批准、失效日期在 30 天内的价格' },
  { key: 'staleProcesses', hint: '状态仍为有效、失效日期已过' },
  { key: 'recent', hint: '最近 7 天（含今天）的核价' },
];

/**
 * How long the item's oldest row has waited, by its clock: the days since the earliest 核价时间,
 * or before or since the earliest 失效日期 (negative: still to come). In two parts, so that a narrow
 * card breaks the line between them and never inside one (最早一/条, 726/天).
 */
function oldestText(key: ItemKey, oldest: WorkbenchItem['oldest']): [string, string] | undefined {
  if (oldest === null) return undefined;
  const { days } = oldest;
  if (key === 'expiring') return ['最早一条', days < 0 ? ` ${-days} 天后到期` : '今天到期'];
  if (oldest.clock === 'validTo') return ['最早一条', days > 0 ? `已过期 ${days} 天` : '今天到期'];
  return ['最早一条', days > 0 ? `已等待 ${days} 天` : '为今天的核价'];
}

function ItemCard({ item, value }: { item: Item; value: WorkbenchItem }) {
  const waited = oldestText(item.key, value.oldest);
  return (
    <Link to={listAddress(value)} data-testid={`home-${item.key}`}>
      <Card hoverable size="small" style={{ height: '100%' }}>
        <Statistic title={WORKBENCH_TITLES[item.key]} value={value.count} suffix="条" />
        {waited && (
          <div data-testid="home-oldest" style={{ margin: '2px 0 4px', color: '#ad4e00' }}>
            <span data-whole style={{ whiteSpace: 'nowrap' }}>
              <ClockCircleOutlined aria-hidden /> {waited[0]}
            </span>
            <span data-whole style={{ whiteSpace: 'nowrap' }}>
              {waited[1]}
            </span>
          </div>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {item.hint}
        </Typography.Text>
      </Card>
    </Link>
  );
}

function readMine(): boolean {
  try {
    return localStorage.getItem(MINE_KEY) === '1';
  } catch {
    return false;
  }
}

function keepMine(on: boolean): void {
  try {
    if (on) localStorage.setItem(MINE_KEY, '1');
    else localStorage.removeItem(MINE_KEY);
  } catch {
    // not remembered: the switch still works on this page
  }
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

/**
 * 工作台: the first page. What needs doing today, each a link to the list that shows it. Signed in
 * through the company's provider with a 核价员 name, 我的 narrows the pricing items to one's own.
 */
export default function Home() {
  const session = useSession();
  const clerk = session.mode === 'oidc' ? session.clerk : undefined;
  const [mineChosen, setMineChosen] = useState(readMine);
  const mine = clerk !== undefined && mineChosen;
  const answer = useAnswer(queryWorkbench, mine ? MINE : EVERYONE);
  const chooseMine = (on: boolean) => {
    setMineChosen(on);
    keepMine(on);
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          工作台{!answer.loading && 'data' in answer ? `（${answer.data.on}）` : ''}
        </Typography.Title>
        {clerk !== undefined && (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
            <Switch id="home-mine" checked={mine} onChange={chooseMine} />
            <label htmlFor="home-mine">我的（核价员 {clerk}）</label>
          </span>
        )}
      </div>
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
          {answer.data.mine !== null && (
            <Typography.Text type="secondary" data-testid="home-mine-note">
              待审核、到期和新增只计核价员为 {answer.data.mine} 的核价；二次加工报价没有核价员，仍计全部。
            </Typography.Text>
          )}
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
