import { Badge, Button, Col, Descriptions, Row, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { ApprovedSummary, HistoryRow, PricingReview } from '../../api/services';
import { formatDate, formatDateTime } from '../../format';
import { pricingStatus, titled } from '../../labels';
import { formatMoney, MONEY_CELL } from '../../money';
import { PRICING_ROW_LABELS as L } from '../../api/fields';
import { FitTable } from '../FitTable';
import type { Answer } from './answer';
import { PriceHistoryChart } from './PriceHistoryChart';
import { IN_TEXT, ReviewCard } from './ReviewCard';

/** This pricing's row: a light blue (the rise and fall colours keep 4.5:1 on it), and 本条 in words. */
const CURRENT_ROW = { background: '#e6f4ff' };

/** A pricing of the part: a link to its review, or this one, marked 本条. */
function pricingNoCell(r: HistoryRow) {
  return r.current ? (
    <span>
      {r.pricingNo} <Tag>本条</Tag>
    </span>
  ) : (
    <Link to={`/pricing/${r.id}`}>{r.pricingNo}</Link>
  );
}

function historyColumns(baseId: number | undefined, onCompare: (id: number) => void) {
  return [
    { ...titled(L, 'pricingNo'), render: (_: string, r: HistoryRow) => pricingNoCell(r) },
    { ...titled(L, 'supplierName'), render: (v: string, r: HistoryRow) => <span title={r.supplierCode}>{v}</span> },
    {
      ...titled(L, 'status'),
      render: (v: HistoryRow['status']) => <Badge status={pricingStatus(v).status} text={pricingStatus(v).text} />,
    },
    {
      ...titled(L, 'unitPrice'),
      align: 'right' as const,
      onCell: () => ({ style: MONEY_CELL }),
      render: (v: number) => formatMoney(v, 'price'),
    },
    { ...titled(L, 'currency') },
    { ...titled(L, 'pricedAt'), render: (v: string) => formatDateTime(v) },
    {
      title: '报价对比',
      key: 'compare',
      render: (_: unknown, r: HistoryRow) =>
        r.current ? null : r.id === baseId ? (
          <Typography.Text type="secondary">对比基准</Typography.Text>
        ) : (
          <Button type="link" size="small" style={{ padding: 0 }} aria-label={`对比 ${r.pricingNo}`} onClick={() => onCompare(r.id)}>
            对比
          </Button>
        ),
    },
  ];
}

/** Another currency's approved prices: shown beside, never compared with this pricing's price. */
function OtherCurrencyFigures({ summaries }: { summaries: ApprovedSummary[] }) {
  if (summaries.length === 0) return null;
  return (
    <div data-testid="other-currency-summaries" style={{ marginTop: 12, fontSize: 13, color: '#595959' }}>
      <div style={{ marginBottom: 4 }}>其他币种的批准价（不与本条比较）：</div>
      {summaries.map((s) => (
        <div key={s.currency} style={{ marginBottom: 4 }}>
          <Tag>{s.currency}</Tag>
          {s.latest ? `最近批准 ${formatMoney(s.latest.unitPrice, 'price')}（${formatDate(s.latest.pricedAt)}）` : '暂无批准'}
          {s.count > 0
            ? `；统计期内 ${s.count} 条，最低 ${formatMoney(s.min, 'price')}，中位数 ${formatMoney(s.median, 'price')}，最高 ${formatMoney(s.max, 'price')}`
            : '；统计期内无批准'}
        </div>
      ))}
    </div>
  );
}

/** A day, or a number with its note, never breaks across lines on a phone (2026-11-/29, （本/条）). */
const WHOLE = { whiteSpace: 'nowrap' } as const;

/** The latest approved price, and the lowest, median and highest of the window before this pricing, in its currency. */
function ApprovedFigures({ summary, unitPrice, currentId }: { summary: ApprovedSummary; unitPrice: number; currentId: number }) {
  const { latest } = summary;
  const money = (v: number | null) => <span style={MONEY_CELL}>{formatMoney(v, 'price')}</span>;
  return (
    <Descriptions column={1} size="small" bordered data-testid="approved-summary" styles={{ label: { width: 128, whiteSpace: 'nowrap' } }}>
      <Descriptions.Item label="本条未税单价">
        {money(unitPrice)} <Tag style={{ marginInlineStart: 4 }}>{summary.currency}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label="最近批准价">
        {latest ? (
          <div>
            {money(latest.unitPrice)}
            <div style={{ fontSize: 12, color: '#595959' }}>
              {latest.id === currentId ? (
                <>
                  {latest.pricingNo}
                  <span style={WHOLE}>（本条）</span>
                </>
              ) : (
                <Link to={`/pricing/${latest.id}`} style={IN_TEXT}>
                  {latest.pricingNo}
                </Link>
              )}{' '}
              · {latest.supplierName} · <span style={WHOLE}>{formatDate(latest.pricedAt)}</span>
            </div>
          </div>
        ) : (
          '暂无批准的核价'
        )}
      </Descriptions.Item>
      <Descriptions.Item label="统计期">
        <span style={WHOLE}>{formatDate(summary.windowFrom)}</span> 至 <span style={WHOLE}>{formatDate(summary.windowTo)}</span>
        <div style={{ fontSize: 12, color: '#595959' }}>{`本条之前，已批准 ${summary.count} 条`}</div>
      </Descriptions.Item>
      <Descriptions.Item label="批准价最低">{money(summary.min)}</Descriptions.Item>
      <Descriptions.Item label="批准价中位数">{money(summary.median)}</Descriptions.Item>
      <Descriptions.Item label="批准价最高">{money(summary.max)}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * 历史价格: every pricing of the part (this one marked), a chart of their unit prices over time,
 * and the approved prices' figures (POST /api/query/pricing-review: history, approvedSummary).
 */
export function HistoryCard({
  review,
  baseId,
  onCompare,
}: {
  review: Answer<PricingReview>;
  baseId: number | undefined;
  onCompare: (id: number) => void;
}) {
  return (
    <ReviewCard id="review-history" title="历史价格" answer={review}>
      {({ pricing, history, approvedSummary, otherCurrencySummaries }) => (
        <>
          <Row gutter={[24, 16]}>
            <Col xs={24} xl={15}>
              {/* Prices in two currencies on one axis would look comparable: the chart keeps to this pricing's. */}
              <PriceHistoryChart rows={history.rows.filter((r) => r.currency === pricing.currency)} summary={approvedSummary} />
              {history.rows.some((r) => r.currency !== pricing.currency) && (
                <div style={{ fontSize: 12, color: '#595959' }}>{`图中仅含 ${pricing.currency} 的核价；其他币种见下表`}</div>
              )}
            </Col>
            <Col xs={24} xl={9}>
              <ApprovedFigures summary={approvedSummary} unitPrice={pricing.unitPrice} currentId={pricing.id} />
              <OtherCurrencyFigures summaries={otherCurrencySummaries} />
            </Col>
          </Row>
          <p style={{ margin: '16px 0 8px', color: '#595959' }}>
            {history.total > history.rows.length
              ? `该物料共 ${history.total} 条核价，列出最新的 ${history.rows.length} 条（本条总在其中）`
              : `该物料共 ${history.total} 条核价`}
          </p>
          <FitTable<HistoryRow>
            rowTitle={pricingNoCell}
            inTitle={['pricingNo']}
            rowKey="id"
            size="small"
            columns={historyColumns(baseId, onCompare)}
            dataSource={history.rows}
            pagination={false}
            scroll={{ x: 'max-content' }}
            onRow={(r) => (r.current ? { style: CURRENT_ROW, 'aria-current': 'true' } : {})}
            data-testid="history-table"
          />
        </>
      )}
    </ReviewCard>
  );
}
