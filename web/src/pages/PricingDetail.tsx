import { Alert, Badge, Button, Card, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError, failureText, isUnreachable } from '../api/client';
import { queryPricingCompare, queryPricingDetails, queryPricingReview, type DetailLine, type PricingDetails } from '../api/services';
import { previousApprovedText, RateChange } from '../components/Change';
import { CostChart } from '../components/CostChart';
import { FitTable } from '../components/FitTable';
import { ListWalker } from '../components/ListWalker';
import { Unreachable } from '../components/Unreachable';
import { QuoteSheet } from '../components/print/QuoteSheet';
import { useAnswer } from '../components/review/answer';
import { CompareCard } from '../components/review/CompareCard';
import { CrossCurrencyChange, CrossCurrencyPanel } from '../components/review/CrossCurrencyPrevious';
import { HistoryCard } from '../components/review/HistoryCard';
import { ProcessReferenceCard } from '../components/review/ProcessReferenceCard';
import { SubHeading } from '../components/review/ReviewCard';
import { SupplierCompareCard } from '../components/review/SupplierCompareCard';
import { formatDateTime, formatPercent, formatQuantity } from '../format';
import { Validity } from '../components/Validity';
import { COST_TYPE_LABEL, pricingStatus, titled } from '../labels';
import { formatMoney, MONEY_CELL } from '../money';
import { DETAIL_LINE_LABELS as D, PRICING_ROW_LABELS as L } from '../api/fields';

const lineColumns = [
  { ...titled(D, 'lineNo'), width: 64 },
  { ...titled(D, 'costType'), render: (v: DetailLine['costType']) => COST_TYPE_LABEL[v] },
  titled(D, 'itemName'),
  { ...titled(D, 'spec'), render: (v: string | null) => v ?? '-' },
  { ...titled(D, 'quantity'), align: 'right' as const, render: (v: number) => formatQuantity(v) },
  titled(D, 'unit'),
  {
    ...titled(D, 'unitPrice'),
    align: 'right' as const,
    onCell: () => ({ style: MONEY_CELL }),
    render: (v: number) => formatMoney(v, 'price'),
  },
  // A line's amount is its share of the unit price (the lines add up to it), so it keeps four decimals too.
  {
    ...titled(D, 'amount'),
    align: 'right' as const,
    onCell: () => ({ style: MONEY_CELL }),
    render: (v: number) => formatMoney(v, 'price'),
  },
  { ...titled(D, 'remark'), render: (v: string | null) => v ?? '-' },
];

/** The page's sections in their order: the nav at the top reaches each. */
const SECTIONS = [
  ['review-summary', '摘要'],
  ['review-lines', '费用明细'],
  ['review-compare', '报价对比'],
  ['review-history', '历史价格'],
  ['review-suppliers', '供应商对比'],
  ['review-process', '二次加工参考价'],
] as const;

// The nav stays at the top while the page scrolls (one line; a phone scrolls it sideways), and a
// section it opens starts below it.
const REVIEW_STYLE = `.review-page { display: flex; flex-direction: column; gap: 16px; }
.review-nav { position: sticky; top: 0; z-index: 10; display: flex; gap: 4px 20px; overflow-x: auto; white-space: nowrap;
  padding: 8px 16px; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.12); }
.review-page > .ant-card { scroll-margin-top: 56px; }
.review-page > .ant-card:focus { outline: none; }`;

/**
 * 本页: a link to each section, at the top of the page, so that a section is one Tab stop and Enter
 * away, not a long scroll (费用明细 was the last card of a 4,400 px page). The section takes the
 * focus, so the next Tab is inside it; the address keeps no hash.
 */
function ReviewNav() {
  const open = (e: MouseEvent<HTMLAnchorElement>, id: string) => {
    e.preventDefault();
    const section = document.getElementById(id);
    section?.focus({ preventScroll: true });
    section?.scrollIntoView({ block: 'start' });
  };
  return (
    <nav className="review-nav" aria-label="本页内容" data-testid="review-nav">
      {SECTIONS.map(([id, label]) => (
        <a key={id} href={`#${id}`} onClick={(e) => open(e, id)}>
          {label}
        </a>
      ))}
    </nav>
  );
}

/** A pricing id from the address (`/pricing/:id`, `?base=`): a positive integer, else none. */
function idFrom(text: string | null | undefined): number | undefined {
  const id = Number(text);
  return text && Number.isInteger(id) && id >= 1 ? id : undefined;
}

/**
 * 核价明细, the review screen: the header and whether the lines add up, the cost lines and their
 * breakdown, then what answers "is this price reasonable?" (报价对比, 历史价格, 供应商对比, 二次加工参考价).
 */
export default function PricingDetail() {
  const { id } = useParams();
  const [search] = useSearchParams();
  // The list it was opened from (its query): the bar walks it, across ids, so it is not keyed.
  const list = search.get('list');
  return (
    <>
      <ListWalker id={idFrom(id) ?? 0} list={list} />
      {/* A new id is a new page: keyed by it, the state starts empty instead of being reset in an effect. */}
      <PricingDetailOf key={id} id={id} backTo={`/pricing${list ? `?${list}` : ''}`} />
    </>
  );
}

function PricingDetailOf({ id, backTo }: { id: string | undefined; backTo: string }) {
  const pricingId = idFrom(id) ?? 0;
  const valid = pricingId > 0;
  // The base of 报价对比 lives in the address (?base=), so a reload or a shared link keeps it.
  const [search, setSearch] = useSearchParams();
  const baseId = idFrom(search.get('base'));
  const review = useAnswer(queryPricingReview, valid ? { pricingId } : null);
  const compare = useAnswer(queryPricingCompare, valid ? { pricingId, ...(baseId ? { basePricingId: baseId } : {}) } : null);
  const chooseBase = useCallback(
    (base: number | undefined) =>
      setSearch(
        (was) => {
          // Only the base changes: the list the page was opened from stays in the address.
          const next = new URLSearchParams(was);
          if (base === undefined) next.delete('base');
          else next.set('base', String(base));
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  // From 历史价格's 对比: the comparison is further down, so bring it into view.
  const compareWith = useCallback(
    (base: number) => {
      chooseBase(base);
      document.getElementById('review-compare')?.scrollIntoView({ block: 'start' });
    },
    [chooseBase],
  );
  // An id that is no pricing's asks nothing: it is missing as a 404 would say.
  const [state, setState] = useState<{ data?: PricingDetails; error?: unknown }>(() => (valid ? {} : { error: new ApiError(404) }));
  const [attempt, setAttempt] = useState(0);
  /** 重试 after the service could not be reached: the header again, and the cards that failed with it. */
  const retry = () => {
    setState({});
    setAttempt((n) => n + 1);
    for (const answer of [review, compare]) if ('error' in answer) answer.retry();
  };

  // A pricing opened from the list or stepped to starts at its header, not where the last page was scrolled.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  useEffect(() => {
    if (!valid) return;
    let live = true;
    queryPricingDetails({ pricingId }).then(
      (data) => live && setState({ data }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [pricingId, valid, attempt]);

  if (state.error !== undefined) {
    if (isUnreachable(state.error)) return <Unreachable heading onRetry={retry} />;
    // Only the service's 404 says the pricing does not exist; any other failure says what it was.
    const notFound = state.error instanceof ApiError && state.error.status === 404;
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={<h1 style={{ font: 'inherit', margin: 0 }}>{notFound ? '核价记录不存在' : '核价明细加载失败'}</h1>}
        subTitle={notFound ? `没有编号为 ${id ?? ''} 的核价记录，可能已被删除，或链接有误。` : failureText(state.error)}
        extra={
          <Space wrap>
            {!notFound && (
              <Button type="primary" onClick={retry}>
                重试
              </Button>
            )}
            <Link to={backTo}>返回核价查询</Link>
          </Space>
        }
      />
    );
  }
  if (!state.data) return <Skeleton active paragraph={{ rows: 12 }} />;

  const { pricing: p, details, summary } = state.data;
  // The earlier approved price in another currency, converted (pricing-review); undefined until it has come.
  const crossKnown = !review.loading && 'data' in review ? review.data.crossCurrencyPrevious : undefined;
  const status = pricingStatus(p.status);
  return (
    <div className="review-page">
      <style>{REVIEW_STYLE}</style>
      <QuoteSheet data={state.data} />
      <ReviewNav />
      <Card
        id="review-summary"
        tabIndex={-1}
        title={
          // The title wraps rather than being cut beside the button on a phone, never inside the number.
          <Typography.Title level={1} style={{ fontSize: 20, margin: 0, whiteSpace: 'normal' }}>
            核价明细 <span style={{ whiteSpace: 'nowrap' }}>{p.pricingNo}</span>
          </Typography.Title>
        }
        extra={<Button onClick={() => window.print()}>打印核价单</Button>}
      >
        {/* A label is a name: on a phone's narrow column it never breaks inside one (物料/编码). */}
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small" bordered styles={{ label: { whiteSpace: 'nowrap' } }}>
          <Descriptions.Item label={L.partNo}>{p.partNo}</Descriptions.Item>
          <Descriptions.Item label={L.partName}>{p.partName}</Descriptions.Item>
          <Descriptions.Item label={L.spec}>{p.spec ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={L.material}>{p.material}</Descriptions.Item>
          <Descriptions.Item label={L.unit}>{p.unit}</Descriptions.Item>
          <Descriptions.Item label={L.status}>
            <Badge status={status.status} text={status.text} />
          </Descriptions.Item>
          <Descriptions.Item label="供应商">{`${p.supplierCode} ${p.supplierName}`}</Descriptions.Item>
          <Descriptions.Item label={L.currency}>{p.currency}</Descriptions.Item>
          <Descriptions.Item label={L.taxRate}>{formatPercent(p.taxRate)}</Descriptions.Item>
          <Descriptions.Item label={L.unitPrice} contentStyle={MONEY_CELL}>
            {formatMoney(p.unitPrice, 'price')}
          </Descriptions.Item>
          <Descriptions.Item label={L.unitPriceWithTax} contentStyle={MONEY_CELL}>
            {formatMoney(p.unitPriceWithTax, 'price')}
          </Descriptions.Item>
          <Descriptions.Item label="较上次批准">
            <span data-testid="header-change">
              {p.changeRate !== null && (
                <>
                  <RateChange rate={p.changeRate} />{' '}
                </>
              )}
              {p.previousApprovedPricingNo !== null || crossKnown === null ? (
                previousApprovedText(p, { withRate: false })
              ) : crossKnown ? (
                <CrossCurrencyChange x={crossKnown} currency={p.currency} />
              ) : (
                // Until the review has answered (or when it failed), only what is sure: none in this currency.
                `没有更早的 ${p.currency} 批准核价`
              )}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={L.pricedBy}>{p.pricedBy}</Descriptions.Item>
          <Descriptions.Item label={L.pricedAt}>{formatDateTime(p.pricedAt)}</Descriptions.Item>
          <Descriptions.Item label="有效期">
            <Validity from={p.validFrom} to={p.validTo} />
          </Descriptions.Item>
          <Descriptions.Item label={L.updatedAt}>{formatDateTime(p.updatedAt)}</Descriptions.Item>
          <Descriptions.Item label={L.remark} span={3}>
            {p.remark ?? '-'}
          </Descriptions.Item>
        </Descriptions>
        {/* Whether the lines add up belongs to the pricing itself: first, where a 不一致 cannot be missed. */}
        <div style={{ marginTop: 16 }}>
          {summary.consistent ? (
            <Alert
              type="success"
              showIcon
              message={`明细合计 ${formatMoney(summary.detailTotal, 'price')} 与未税单价 ${formatMoney(summary.unitPrice, 'price')} 一致`}
            />
          ) : (
            <Alert
              type="error"
              showIcon
              role="alert"
              message="明细合计与未税单价不一致"
              description={`明细合计 ${formatMoney(summary.detailTotal, 'price')}，未税单价 ${formatMoney(summary.unitPrice, 'price')}，差额 ${formatMoney(summary.difference, 'price')}`}
            />
          )}
        </div>
        {crossKnown && <CrossCurrencyPanel x={crossKnown} currency={p.currency} unitPrice={p.unitPrice} />}
      </Card>

      {/* The cost lines first: what the price is made of, before what it is compared with. */}
      <Card id="review-lines" tabIndex={-1} title={<h2 style={{ fontSize: 16, margin: 0 }}>{`费用明细（${details.length} 行）`}</h2>}>
        <FitTable<DetailLine>
          rowTitle={(l) => `${l.lineNo} ${COST_TYPE_LABEL[l.costType]} · ${l.itemName}`}
          inTitle={['lineNo', 'costType', 'itemName']}
          rowKey="lineNo"
          size="small"
          columns={lineColumns}
          dataSource={details}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="cost-lines"
        />
        <SubHeading>费用构成</SubHeading>
        <CostChart summary={summary} />
      </Card>
      <CompareCard
        compare={compare}
        history={!review.loading && 'data' in review ? review.data.history.rows : undefined}
        cross={crossKnown}
        previousNo={p.previousApprovedPricingNo}
        chosen={baseId}
        onBase={chooseBase}
      />
      <HistoryCard
        review={review}
        baseId={compare.loading || 'error' in compare ? baseId : compare.data.base?.id}
        onCompare={compareWith}
      />
      <SupplierCompareCard partNo={p.partNo} currentId={p.id} />
      <ProcessReferenceCard review={review} />
    </div>
  );
}
