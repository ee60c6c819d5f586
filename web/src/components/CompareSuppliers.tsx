import { Button, Drawer, Skeleton, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { querySupplierCompare, type PricingRow } from '../api/services';
import { useAnswer } from './review/answer';
import { AnswerFailure } from './review/ReviewCard';

// Loaded when first opened: the list's first screen has only the button.
const SupplierCompareTable = lazy(() => import('./review/SupplierCompareCard').then((m) => ({ default: m.SupplierCompareTable })));

/** What supplier-compare takes by `pricingIds` (docs/api.md). */
const MIN = 2;
const MAX = 5;

/** Why the ticked rows cannot be compared, or nothing when they can. */
function whyNot(rows: PricingRow[]): string | undefined {
  if (rows.length < MIN) return `勾选同一物料的 ${MIN}–${MAX} 条核价后可对比供应商`;
  if (rows.length > MAX) return `最多对比 ${MAX} 条，已勾选 ${rows.length} 条`;
  const parts = new Set(rows.map((r) => r.partNo)).size;
  // The lowest of a row means something only between prices of one part; the service refuses others.
  if (parts > 1) return `只能对比同一物料的核价，已勾选的 ${rows.length} 条属于 ${parts} 个物料`;
  return undefined;
}

function Comparison({ pricingIds }: { pricingIds: number[] }) {
  const answer = useAnswer(querySupplierCompare, { pricingIds });
  const loading = <Skeleton active paragraph={{ rows: 8 }} />;
  if (answer.loading) return loading;
  if ('error' in answer) return <AnswerFailure title="供应商对比" answer={answer} />;
  return (
    <Suspense fallback={loading}>
      <SupplierCompareTable d={answer.data} query={{ pricingIds }} />
    </Suspense>
  );
}

/**
 * 对比供应商 in the pricing list's toolbar: the 2–5 ticked pricings of one part side by side
 * (POST /api/query/supplier-compare by `pricingIds`, in the order ticked) in a drawer.
 */
export function CompareSuppliers({ rows }: { rows: PricingRow[] }) {
  const [open, setOpen] = useState(false);
  // The drawer is made when first opened (its styles too), then kept for its closing animation.
  const [opened, setOpened] = useState(false);
  const reason = whyNot(rows);
  return (
    <>
      <Tooltip title={reason}>
        <Button type="primary" ghost disabled={reason !== undefined} onClick={() => (setOpen(true), setOpened(true))}>
          {rows.length > 0 ? `对比供应商（${rows.length}）` : '对比供应商'}
        </Button>
      </Tooltip>
      {opened && (
        <Drawer
          title={`对比供应商：${rows[0]?.partNo ?? ''} ${rows[0]?.partName ?? ''}`}
          open={open}
          onClose={() => setOpen(false)}
          width="min(1040px, 100vw)"
          destroyOnHidden
        >
          {open && <Comparison pricingIds={rows.map((r) => r.id)} />}
        </Drawer>
      )}
    </>
  );
}
