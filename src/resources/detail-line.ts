import type { z } from 'zod';
import { COST_TYPES } from '../domain.js';
import { codes, int, labelsOf, money, nullableText, rowSchema, text, type Fields } from './field.js';

/** A pricing's cost line (核价明细行, pricing-details), in its field order. */
export const DETAIL_LINE_FIELDS = {
  lineNo: { label: '行号', type: int, sql: 'pricing_details.line_no' },
  costType: { label: '费用类型', type: codes(COST_TYPES), sql: 'pricing_details.cost_type' },
  itemName: { label: '项目名称', note: '，如 SPCC 冷轧板 t=1.5、冲压、镀锌', type: text, sql: 'pricing_details.item_name' },
  spec: { label: '规格', type: nullableText, sql: 'pricing_details.spec' },
  quantity: { label: '用量', type: money, sql: 'pricing_details.quantity' },
  unit: { label: '单位', note: '，如 kg、PCS、h、dm2', type: text, sql: 'pricing_details.unit' },
  unitPrice: { label: '单价', type: money, sql: 'pricing_details.unit_price' },
  amount: { label: '金额', note: ' = 用量 × 单价', type: money, sql: 'pricing_details.amount' },
  remark: { label: '备注', type: nullableText, sql: 'pricing_details.remark' },
} as const satisfies Fields;

export const DETAIL_LINE_LABELS = labelsOf(DETAIL_LINE_FIELDS);

export const detailLineSchema = rowSchema(DETAIL_LINE_FIELDS).describe('核价明细行');

export type DetailLine = z.infer<typeof detailLineSchema>;
