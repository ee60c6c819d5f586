/**
 * Deterministic Chinese demo data for the four tables (api.md, "The data").
 *
 * Pure: no Math.random, no clock. Every row is drawn from its own PRNG seeded by (seed, table, id),
 * so a row depends only on its id (and, for foreign keys, on the part count): a small data set is
 * the same rows as the start of a large one, and a benchmark can stream millions of rows.
 *
 * Money is generated in integer units of 0.0001 and divided once when the row is emitted, so that
 * quantity × unit_price = amount, the per-type sums of the lines = the header's cost columns and
 * the six costs = unit_price hold exactly, on every database.
 *
 * The edge cases the tests rely on sit at fixed small ids (see the *_OVERRIDES / FIXED_* tables).
 */
import type { CostType, PriceBasis, PricingStatus, ProcessCategory } from '../domain.js';

export interface DemoDataOptions {
  parts: number;
  pricings: number;
  processes: number;
  seed?: number;
}

export const DEMO_SIZES: DemoDataOptions = { parts: 300, pricings: 1200, processes: 400 };

export type DemoTable = 'parts' | 'pricing' | 'pricing_details' | 'secondary_processes';
export type DemoRow = Record<string, unknown>;
export interface DemoBatch {
  table: DemoTable;
  rows: DemoRow[];
}

const BATCH = 1000;
const DEFAULT_SEED = 20261122;
const DAY = 86_400_000;
const SHANGHAI = 8 * 3_600_000; // Asia/Shanghai has had no DST since 1991: a fixed +08:00.
const LAST_UPDATE = Date.parse('2026-11-21T00:00:00Z');

// ---------------------------------------------------------------------------------------------
// Randomness and small helpers

type Rng = () => number;

function mulberry32(a: number): Rng {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A PRNG per row: murmur3's finaliser mixes (seed, table, id) into a well-spread start state. */
function rowRng(seed: number, table: number, id: number): Rng {
  let h = Math.imul(seed ^ Math.imul(table, 0x9e3779b1), 0x85ebca6b) ^ id;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return mulberry32(h ^ (h >>> 16));
}

const int = (r: Rng, min: number, max: number): number => min + Math.floor(r() * (max - min + 1));
const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const chance = (r: Rng, p: number): boolean => r() < p;
function weighted<T>(r: Rng, xs: readonly (readonly [T, number])[]): T {
  let x = r() * xs.reduce((s, [, w]) => s + w, 0);
  for (const [v, w] of xs) if ((x -= w) < 0) return v;
  return xs[xs.length - 1]![0];
}
/** `n` distinct items in random order. */
function sample<T>(r: Rng, xs: readonly T[], n: number): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = int(r, 0, i);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.slice(0, n);
}
const pad = (n: number, width: number): string => String(n).padStart(width, '0');
const dec = (units: number): number => units / 10000; // 0.0001 units → number with ≤ 4 decimals
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const shanghaiDay = (ms: number): string => isoDay(ms + SHANGHAI);
const at = (iso: string): number => Date.parse(iso);
/** A whole second up to `days` after `ms` but not after LAST_UPDATE (a cap would pile rows up on it). */
const later = (r: Rng, ms: number, days: number): number =>
  ms + int(r, 0, Math.max(0, Math.floor(Math.min(days * DAY, LAST_UPDATE - ms) / 1000))) * 1000;

// ---------------------------------------------------------------------------------------------
// parts (物料)

interface PartKind {
  category: string;
  materials: readonly string[];
  names: readonly string[];
  spec: (r: Rng) => string;
}
const dims = (r: Rng): string => `${int(r, 40, 300)}×${int(r, 30, 200)}×${int(r, 10, 80)}`;
const PART_KINDS: readonly (readonly [PartKind, number])[] = [
  [
    {
      category: '钣金件',
      materials: ['SPCC', 'SECC', 'SUS304', 'Q235', 'AL5052'],
      names: ['支架', '安装板', '盖板', '侧板', '面板', '护罩', '固定座', '散热片'],
      spec: (r) => `t=${pick(r, ['0.8', '1.0', '1.2', '1.5', '2.0', '3.0'])} ${int(r, 4, 60) * 5}×${int(r, 4, 40) * 5}`,
    },
    40,
  ],
  [
    {
      category: '机加件',
      materials: ['45#', 'AL6061-T6', 'SUS304', 'H62', '40Cr'],
      names: ['连接轴', '法兰盘', '轴套', '齿轮', '导轨', '接头', '电机座', '皮带轮'],
      spec: (r) => `Φ${int(r, 6, 120)}×${int(r, 10, 300)}`,
    },
    25,
  ],
  [{ category: '压铸件', materials: ['ADC12'], names: ['外壳', '底座', '端盖', '散热片'], spec: dims }, 10],
  [{ category: '注塑件', materials: ['ABS', 'PC', 'PA66+GF30'], names: ['外壳', '面框', '按键', '卡扣', '线槽盖'], spec: dims }, 10],
  [
    {
      category: '焊接件',
      materials: ['Q235'],
      names: ['机架', '焊接底座', '立柱'],
      spec: (r) => `${int(r, 3, 20) * 100}×${int(r, 2, 10) * 100}`,
    },
    5,
  ],
  [
    {
      category: '标准件',
      materials: ['Q235', 'SUS304', '45#'],
      names: ['螺栓', '螺母', '销轴', '垫圈'],
      spec: (r) => `M${pick(r, [4, 5, 6, 8, 10, 12])}×${int(r, 2, 12) * 5}`,
    },
    10,
  ],
];
const kindOf = (category: string): PartKind => PART_KINDS.find(([k]) => k.category === category)![0];
const NAME_PREFIXES = ['左', '右', '上', '下', '前', '后', '主', '副'];

/** Text that exercises case-insensitive "contains" and the escaping of % _ [ \ (api.md). */
const PART_OVERRIDES: Record<number, { category?: string; material?: string; name?: string; spec?: string | null }> = {
  1: { category: '钣金件', material: 'SPCC', name: 'Bracket-A 支架' },
  2: { category: '钣金件', material: 'SECC', name: 'bracket-a 支架' },
  3: { category: '标准件', material: 'Q235', name: '垫片 10%加厚', spec: '8.4×16×2.0' },
  4: { category: '标准件', material: 'SUS304', name: '螺柱', spec: 'M6_L20' },
  5: { category: '钣金件', material: 'SPCC', name: '[样件] 安装板' },
  7: { category: '机加件', material: '45#', name: '法兰盘', spec: 'DN50\\PN16' },
};

interface DemoPart {
  id: number;
  part_no: string;
  part_name: string;
  spec: string | null;
  drawing_no: string | null;
  material: string;
  unit: string;
  category: string;
  created_at: Date;
  updated_at: Date;
}

function makePart(seed: number, id: number): DemoPart {
  const r = rowRng(seed, 1, id);
  const o = PART_OVERRIDES[id] ?? {};
  const kind = o.category ? kindOf(o.category) : weighted(r, PART_KINDS);
  const material = o.material ?? pick(r, kind.materials);
  const base = pick(r, kind.names);
  const name = o.name ?? (kind.category !== '标准件' && chance(r, 0.35) ? pick(r, NAME_PREFIXES) + base : base);
  const spec = kind.spec(r);
  const created = at('2024-06-01T00:00:00Z') + int(r, 0, 182 * 86_400) * 1000;
  const updated = later(r, created, 700);
  return {
    id,
    // Two numbering schemes, as after an ERP migration; both are unique by construction.
    part_no: id % 4 === 0 ? `CB-${2301 + Math.floor(id / 100)}-${pad(id % 100, 2)}` : `P-${100000 + id}`,
    part_name: name,
    spec: o.spec !== undefined ? o.spec : id % 13 === 6 ? null : spec, // 6, 19, 32 … have no spec
    drawing_no: chance(r, 0.1) ? null : `D${2300 + (id % 20)}-${pad(id, 5)}-${pick(r, ['A', 'B', 'C'])}`,
    material,
    unit: kind.category === '焊接件' ? 'SET' : kind.category === '标准件' && chance(r, 0.4) ? 'KG' : 'PCS',
    category: kind.category,
    created_at: new Date(created),
    updated_at: new Date(updated),
  };
}

// ---------------------------------------------------------------------------------------------
// pricing (核价记录) and pricing_details (核价明细)

/** Raw material: form and price per kg in 0.01 CNY. */
const MATERIALS: Record<string, readonly [string, number]> = {
  SPCC: ['冷轧板', 650],
  SECC: ['电解板', 720],
  SUS304: ['不锈钢板', 1650],
  Q235: ['热轧板', 490],
  AL5052: ['铝板', 2200],
  '45#': ['圆钢', 580],
  'AL6061-T6': ['铝棒', 2400],
  H62: ['黄铜棒', 4800],
  '40Cr': ['合金圆钢', 750],
  ADC12: ['铝合金锭', 1900],
  ABS: ['粒料', 1400],
  PC: ['粒料', 2100],
  'PA66+GF30': ['粒料', 3200],
};
const PROCESS_STEPS: Record<string, readonly string[]> = {
  钣金件: ['激光切割', '冲压', '折弯', '压铆', '去毛刺'],
  机加件: ['车削', 'CNC加工', '铣削', '钻孔', '磨削'],
  压铸件: ['压铸', '去毛刺', 'CNC加工'],
  注塑件: ['注塑', '修边', '超声波焊接'],
  焊接件: ['下料', '焊接', '打磨', '校形'],
  标准件: ['冷镦', '搓丝', '热处理'],
};
/** [item, unit, min, max price in 0.01]: outsourced finishing, priced per dm2 or per kg. */
const SECONDARY_ITEMS: readonly (readonly [string, string, number, number])[] = [
  ['镀锌', 'dm2', 8, 35],
  ['镀镍', 'dm2', 20, 60],
  ['喷粉', 'dm2', 10, 40],
  ['阳极氧化', 'dm2', 15, 50],
  ['电泳', 'dm2', 10, 30],
  ['淬火', 'kg', 300, 900],
  ['调质', 'kg', 250, 700],
  ['钝化', 'kg', 150, 400],
];
const OTHER_ITEMS: readonly (readonly [string, number, number])[] = [
  ['包装运输', 20, 150],
  ['包装材料', 5, 60],
  ['模具分摊', 50, 300],
  ['检测费', 10, 80],
];
const ACCESSORIES = ['压铆螺母 M4', '螺钉 M3×8', '铭牌', '密封圈'];

const SUPPLIERS: readonly (readonly [string, string])[] = [
  ['S0012', '苏州精工五金有限公司'],
  ['S0015', '昆山鑫达精密机械有限公司'],
  ['S0023', '东莞市恒通压铸有限公司'],
  ['S0031', '宁波永信模具有限公司\\分厂'],
  ['S0036', 'ABC精密制造(深圳)有限公司'],
  ['S0041', 'abc五金制品厂'],
  ['S0047', '上海博亚塑胶制品有限公司'],
  ['S0052', '无锡华亿机械有限公司'],
  ['S0058', '天津联众钣金制品有限公司'],
  ['S0063', '佛山市南海区利达五金厂'],
  ['S0071', '杭州中森精密机械有限公司'],
  ['S0079', '青岛海泰铸造有限公司'],
];
const PRICERS = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨帆', '赵磊', '黄丽', '周杰', '吴敏'];
const PRICING_REMARKS = [
  '年度降价 3%',
  '按新版图纸核价',
  '含模具分摊',
  '[急] 重新核价',
  '供应商报价_二次确认',
  '材料价格上涨，重新核价',
  '小批量试产价格',
];
const STATUS_WEIGHTS: readonly (readonly [PricingStatus, number])[] = [
  ['approved', 55],
  ['expired', 15],
  ['pending', 12],
  ['draft', 10],
  ['rejected', 8],
];
const COST_COLUMNS: Record<CostType, string> = {
  material: 'material_cost',
  process: 'process_cost',
  secondary_process: 'secondary_process_cost',
  other: 'other_cost',
  management_fee: 'management_fee',
  profit: 'profit',
};

/** Part 1 has three approved pricings and a newer draft, so "most recent approved" is pricing 2. */
const FIXED_PRICED_AT: Record<number, string> = {
  1: '2025-03-10T02:15:00Z',
  2: '2026-05-20T03:40:00Z',
  3: '2025-11-02T06:05:00Z',
  4: '2026-09-01T01:30:00Z',
  // Five pricings priced at the very same instant: sort ties.
  14: '2026-03-15T08:30:00Z',
  15: '2026-03-15T08:30:00Z',
  16: '2026-03-15T08:30:00Z',
  17: '2026-03-15T08:30:00Z',
  18: '2026-03-15T08:30:00Z',
  // Within five minutes of midnight in Asia/Shanghai (16:00 UTC): day boundaries of pricedFrom/pricedTo.
  19: '2026-03-15T15:55:00Z',
  20: '2026-03-15T15:59:59Z',
  21: '2026-03-15T16:00:00Z',
  22: '2026-03-15T16:00:01Z',
  23: '2026-03-15T16:04:59Z',
  24: '2025-12-31T15:59:59Z',
  25: '2025-12-31T16:00:00Z',
  26: '2026-02-28T15:58:00Z',
  27: '2026-02-28T16:00:00Z',
  28: '2025-06-30T16:03:00Z',
  29: '2024-12-31T15:57:30Z',
  30: '2026-11-19T16:00:00Z',
};
const FIXED_STATUS: Record<number, PricingStatus> = {
  1: 'approved',
  2: 'approved',
  3: 'approved',
  4: 'draft',
  31: 'draft',
  32: 'pending',
  33: 'approved',
  34: 'rejected',
  35: 'expired',
};
const FIXED_SUPPLIER: Record<number, number> = { 6: 3, 7: 4, 8: 5 }; // backslash, ABC, abc
const isTieTemplate = (id: number): boolean => id >= 9 && id <= 13; // same lines → same unit_price 5.7000
/** Parts 49, 99, 149 … have no pricing at all; parts 10, 60, 110 … have pricings but none approved. */
const hasNoPricing = (partId: number): boolean => partId % 50 === 49;
const hasNoApproved = (partId: number): boolean => partId % 50 === 10;

interface Line {
  cost_type: CostType;
  item_name: string;
  spec: string | null;
  q: number;
  unit: string;
  p: number;
  remark: string | null;
}
const line = (
  cost_type: CostType,
  item_name: string,
  q: number,
  unit: string,
  p: number,
  spec: string | null = null,
  remark: string | null = null,
): Line => ({ cost_type, item_name, spec, q, unit, p, remark });
const amountOf = (l: Line): number => l.q * l.p; // 0.01 × 0.01 = 0.0001 units

const TIE_LINES: readonly Line[] = [
  line('material', 'SPCC 冷轧板 t=1.5', 42, 'kg', 650, '1250×2500'),
  line('process', '冲压', 100, 'PCS', 85),
  line('process', '折弯', 100, 'PCS', 60),
  line('secondary_process', '镀锌', 250, 'dm2', 18),
  line('other', '包装运输', 100, 'PCS', 30),
  line('management_fee', '管理费', 100, 'PCS', 25),
  line('profit', '利润', 100, 'PCS', 52),
];

/** 4–10 cost lines; quantities and prices in 0.01 units. Fees are a share of the lines above them. */
function makeLines(r: Rng, part: DemoPart, usd: boolean): Line[] {
  const fx = (cents: number) => (usd ? Math.max(1, Math.round(cents / 7)) : cents);
  const [form, perKg] = MATERIALS[part.material] ?? ['原材料', 800];
  const thickness = part.category === '钣金件' && part.spec?.startsWith('t=') ? ` ${part.spec.split(' ')[0]}` : '';
  const lines = [
    line(
      'material',
      `${part.material} ${form}${thickness}`,
      int(r, 5, 300),
      'kg',
      fx(perKg + int(r, -50, 50)),
      thickness ? pick(r, ['1250×2500', '1220×2440', null]) : null,
    ),
  ];
  if (chance(r, 0.35)) lines.push(line('material', pick(r, ACCESSORIES), int(r, 1, 4) * 100, 'PCS', fx(int(r, 5, 60))));
  for (const step of sample(r, PROCESS_STEPS[part.category] ?? ['加工'], int(r, 1, 3))) {
    lines.push(
      chance(r, 0.5)
        ? line('process', step, int(r, 5, 50), 'h', fx(int(r, 45, 120) * 100), null, chance(r, 0.2) ? '含设备折旧' : null)
        : line('process', step, 100, 'PCS', fx(int(r, 10, 300))),
    );
  }
  for (const [name, unit, lo, hi] of sample(r, SECONDARY_ITEMS, int(r, 0, 2))) {
    lines.push(
      line(
        'secondary_process',
        name,
        unit === 'kg' ? int(r, 5, 300) : int(r, 50, 800),
        unit,
        fx(int(r, lo, hi)),
        chance(r, 0.3) ? '外协' : null,
      ),
    );
  }
  const mgmt = chance(r, 0.9),
    profit = chance(r, 0.9);
  const fees = Number(mgmt) + Number(profit);
  const others = Math.min(Math.max(int(r, 0, 2), 4 - lines.length - fees), 10 - lines.length - fees);
  for (const [name, lo, hi] of sample(r, OTHER_ITEMS, others)) lines.push(line('other', name, 100, 'PCS', fx(int(r, lo, hi))));
  // A fee line is 1.00 × (base × rate rounded to the cent), so its amount stays exact.
  const fee = (type: CostType, name: string, pct: number) => {
    const base = lines.reduce((s, l) => s + amountOf(l), 0);
    lines.push(line(type, name, 100, 'PCS', Math.max(1, Math.round((base * pct) / 10000)), null, `按 ${pct}% 计取`));
  };
  if (mgmt) fee('management_fee', '管理费', int(r, 3, 8));
  if (profit) fee('profit', '利润', int(r, 5, 12));
  return lines;
}

function makePricing(seed: number, id: number, parts: number): { header: DemoRow; lines: Line[] } {
  const r = rowRng(seed, 2, id);
  // Pricings 5 … parts+3 go one per part, so every part but the hasNoPricing ones gets one.
  let partId = id <= 4 || parts < 2 ? 1 : id - 3 <= parts ? id - 3 : int(r, 2, parts);
  if (hasNoPricing(partId)) partId -= 1;
  const part = makePart(seed, partId);

  const fixed = FIXED_PRICED_AT[id];
  // Otherwise during office hours in Shanghai (08:00–19:59), 2024-12-01 … 2026-11-20.
  const pricedAt = fixed ? at(fixed) : at('2024-12-01T00:00:00Z') + int(r, 0, 719) * DAY + int(r, 0, 12 * 3600 - 1) * 1000;
  let status = FIXED_STATUS[id] ?? weighted(r, STATUS_WEIGHTS);
  if (status === 'approved' && hasNoApproved(partId)) status = pick(r, ['pending', 'expired', 'rejected', 'draft'] as const);
  const [supplierCode, supplierName] = SUPPLIERS[FIXED_SUPPLIER[id] ?? int(r, 0, SUPPLIERS.length - 1)]!;
  const usd = !isTieTemplate(id) && chance(r, 0.08);
  const taxBp = weighted(r, [
    [1300, 85],
    [600, 10],
    [0, 5],
  ] as const); // tax rate in 0.0001
  const lines = isTieTemplate(id) ? [...TIE_LINES] : makeLines(r, part, usd);

  const costs: Record<string, number> = Object.fromEntries(Object.values(COST_COLUMNS).map((c) => [c, 0]));
  for (const l of lines) costs[COST_COLUMNS[l.cost_type]]! += amountOf(l);
  const unitPrice = Object.values(costs).reduce((s, v) => s + v, 0);
  const withTax = Math.floor((unitPrice * (10000 + taxBp) + 5000) / 10000); // round half up, in integers

  const validFrom = at(`${shanghaiDay(pricedAt)}T00:00:00Z`) + int(r, 0, 7) * DAY;
  // An expired price lapsed before today; the others are open-ended or run for half a year or a year.
  const validTo =
    status === 'expired'
      ? Math.max(validFrom, Math.min(validFrom + int(r, 90, 270) * DAY, at('2026-11-19T00:00:00Z')))
      : chance(r, 0.3)
        ? null
        : validFrom + (pick(r, [180, 365]) - 1) * DAY;
  const remark = id === 5 ? '[急] 重新核价' : chance(r, 0.6) ? null : pick(r, PRICING_REMARKS);
  const created = pricedAt - int(r, 0, 5 * 86_400) * 1000;
  const updated = later(r, pricedAt, 10);

  const header: DemoRow = {
    id,
    pricing_no: `HJ${shanghaiDay(pricedAt).slice(0, 7).replace('-', '')}-${pad(id, 6)}`,
    part_id: partId,
    supplier_code: supplierCode,
    supplier_name: supplierName,
    currency: usd ? 'USD' : 'CNY',
    ...Object.fromEntries(Object.entries(costs).map(([c, v]) => [c, dec(v)])),
    unit_price: dec(unitPrice),
    tax_rate: dec(taxBp),
    unit_price_with_tax: dec(withTax),
    status,
    priced_by: pick(r, PRICERS),
    priced_at: new Date(pricedAt),
    valid_from: isoDay(validFrom),
    valid_to: validTo === null ? null : isoDay(validTo),
    remark,
    created_at: new Date(created),
    updated_at: new Date(updated),
  };
  return { header, lines };
}

// ---------------------------------------------------------------------------------------------
// secondary_processes (二次加工报价)

const PROCESS_TYPES: readonly (readonly [string, ProcessCategory, readonly PriceBasis[]])[] = [
  ['镀锌', 'plating', ['dm2', 'piece', 'kg']],
  ['镀镍', 'plating', ['dm2', 'piece']],
  ['镀铬', 'plating', ['dm2']],
  ['淬火', 'heat_treatment', ['kg', 'piece']],
  ['调质', 'heat_treatment', ['kg']],
  ['渗碳', 'heat_treatment', ['kg', 'batch']],
  ['喷粉', 'painting', ['dm2', 'piece']],
  ['喷漆', 'painting', ['dm2', 'piece']],
  ['电泳', 'painting', ['dm2']],
  ['阳极氧化', 'anodizing', ['dm2', 'piece']],
  ['硬质阳极氧化', 'anodizing', ['dm2']],
  ['攻丝', 'machining', ['piece']],
  ['去毛刺', 'machining', ['piece', 'batch']],
  ['焊接', 'welding', ['piece']],
  ['点焊', 'welding', ['piece']],
  ['激光打标', 'other', ['piece', 'batch']],
  ['清洗', 'other', ['batch', 'kg']],
  ['钝化', 'other', ['kg', 'dm2']],
];
/** Price range per basis, in 0.0001. */
const BASIS_PRICE: Record<PriceBasis, readonly [number, number]> = {
  piece: [500, 200_000],
  kg: [20_000, 300_000],
  dm2: [200, 15_000],
  batch: [500_000, 8_000_000],
};
const PROCESS_SUPPLIERS: readonly (readonly [string, string])[] = [
  ['S0102', '无锡华亿表面处理有限公司'],
  ['S0108', '苏州德诚热处理有限公司'],
  ['S0115', '昆山市金辉电镀有限公司'],
  ['S0121', '东莞市彩虹喷涂有限公司'],
  ['S0127', '上海铝新阳极氧化有限公司'],
  SUPPLIERS[3]!,
  SUPPLIERS[4]!,
  SUPPLIERS[5]!,
];
const PROCESS_REMARKS = ['按表面积计价', '最低收费 200 元/批', '[外协] 含运费', '单价含税 13%', '需提供盐雾测试报告', '膜厚 8~12μm'];
/** 1–5: the same process, price and updated_at (sort ties); 6–23: one of each process type in turn. */
const isProcessTie = (id: number): boolean => id <= 5;

function makeProcess(seed: number, id: number, parts: number): DemoRow {
  const r = rowRng(seed, 3, id);
  const typeIndex = isProcessTie(id) ? 0 : id - 6 < PROCESS_TYPES.length ? id - 6 : int(r, 0, PROCESS_TYPES.length - 1);
  const [name, category, bases] = PROCESS_TYPES[typeIndex]!;
  const basis = isProcessTie(id) ? 'piece' : id - 6 < PROCESS_TYPES.length ? bases[0]! : pick(r, bases);
  const [lo, hi] = BASIS_PRICE[basis];
  let price = int(r, lo, hi);
  if (chance(r, 0.7)) price = Math.max(100, Math.round(price / 100) * 100); // mostly whole cents
  const usd = chance(r, 0.05);
  if (usd) price = Math.max(1, Math.round(price / 7));
  const [supplierCode, supplierName] = pick(r, PROCESS_SUPPLIERS);
  const validFrom = isProcessTie(id) ? at('2026-06-01T00:00:00Z') : at('2025-01-01T00:00:00Z') + int(r, 0, 668) * DAY;
  const validTo = chance(r, 0.3) ? null : validFrom + (pick(r, [180, 365, 730]) - 1) * DAY;
  const lapsed = validTo !== null && validTo < at('2026-11-20T00:00:00Z');
  const created = validFrom - int(r, 1, 30 * 86_400) * 1000;
  const updated = isProcessTie(id) ? at('2026-06-18T02:00:00Z') : later(r, created, 90);
  return {
    id,
    process_no: `EC-${pad(id, 6)}`,
    part_id: int(r, 1, parts),
    process_name: name,
    category,
    supplier_code: supplierCode,
    supplier_name: supplierName,
    price_basis: basis,
    unit_price: dec(isProcessTie(id) ? 8500 : price),
    currency: usd && !isProcessTie(id) ? 'USD' : 'CNY',
    lead_time_days: basis === 'batch' ? int(r, 1, 5) : int(r, 2, 15),
    status: chance(r, lapsed ? 0.7 : 0.08) ? 'inactive' : 'active',
    valid_from: isoDay(validFrom),
    valid_to: validTo === null ? null : isoDay(validTo),
    remark: id === 1 ? '[外协] 含运费' : chance(r, 0.65) ? null : pick(r, PROCESS_REMARKS),
    created_at: new Date(created),
    updated_at: new Date(updated),
  };
}

// ---------------------------------------------------------------------------------------------

function* batched(table: DemoTable, count: number, make: (id: number) => DemoRow): Generator<DemoBatch> {
  for (let start = 1; start <= count; start += BATCH) {
    const rows: DemoRow[] = [];
    for (let id = start; id <= Math.min(count, start + BATCH - 1); id++) rows.push(make(id));
    yield { table, rows };
  }
}

/**
 * Batches of at most 1000 rows in foreign-key order: all parts, then pricing headers each followed
 * by their detail lines, then secondary processes. Only one batch of headers and its lines are in
 * memory at a time.
 */
export function* generateDemoData(opts: DemoDataOptions): Generator<DemoBatch> {
  const seed = opts.seed ?? DEFAULT_SEED;
  for (const n of [opts.parts, opts.pricings, opts.processes]) {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`demo data: bad row count ${n}`);
  }
  if (opts.parts === 0 && opts.pricings + opts.processes > 0) throw new RangeError('demo data: pricings need parts');

  yield* batched('parts', opts.parts, (id) => ({ ...makePart(seed, id) }));

  let detailId = 0;
  for (let start = 1; start <= opts.pricings; start += BATCH) {
    const headers: DemoRow[] = [];
    const details: DemoRow[] = [];
    for (let id = start; id <= Math.min(opts.pricings, start + BATCH - 1); id++) {
      const { header, lines } = makePricing(seed, id, opts.parts);
      headers.push(header);
      lines.forEach((l, i) =>
        details.push({
          id: ++detailId,
          pricing_id: id,
          line_no: i + 1,
          cost_type: l.cost_type,
          item_name: l.item_name,
          spec: l.spec,
          quantity: l.q / 100,
          unit: l.unit,
          unit_price: l.p / 100,
          amount: dec(amountOf(l)),
          remark: l.remark,
        }),
      );
    }
    yield { table: 'pricing', rows: headers };
    for (let i = 0; i < details.length; i += BATCH) yield { table: 'pricing_details', rows: details.slice(i, i + BATCH) };
  }

  yield* batched('secondary_processes', opts.processes, (id) => makeProcess(seed, id, opts.parts));
}
