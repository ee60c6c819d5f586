/**
 * Deterministic Chinese demo data for the four tables (api.md, "The data").
 *
 * Pure: no Math.random, no clock. Every row is drawn from its own PRNG seeded by (seed, table, id),
 * so a row depends only on its id (and, for foreign keys, on the part count): a small data set is
 * the same rows as the start of a large one, and a benchmark can stream millions of rows.
 *
 * Prices read like a clerk's: each part has a cost model in CNY (costModel), and a pricing
 * is that model as its supplier prices it on its date, with a few outliers (pricingLines); USD
 * pricings are the model at the month's rate. test/demo-spread.test.ts measures the result.
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

export type DemoTable = 'parts' | 'pricing' | 'pricing_details' | 'secondary_processes' | 'exchange_rates';
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
// The cost model of a part (what one unit of it costs in CNY, before supplier, time and currency)

/** Raw material: form, price per kg in 0.01 CNY, density in g/cm³. */
const MATERIALS: Record<string, readonly [string, number, number]> = {
  SPCC: ['冷轧板', 650, 7.85],
  SECC: ['电解板', 720, 7.85],
  SUS304: ['不锈钢板', 1650, 7.93],
  Q235: ['热轧板', 490, 7.85],
  AL5052: ['铝板', 2200, 2.68],
  '45#': ['圆钢', 580, 7.85],
  'AL6061-T6': ['铝棒', 2400, 2.7],
  H62: ['黄铜棒', 4800, 8.43],
  '40Cr': ['合金圆钢', 750, 7.85],
  ADC12: ['铝合金锭', 1900, 2.74],
  ABS: ['粒料', 1400, 1.05],
  PC: ['粒料', 2100, 1.2],
  'PA66+GF30': ['粒料', 3200, 1.36],
};
const MATERIAL_NAMES = Object.keys(MATERIALS);
/** The form a material is bought in where it is not the table's (bar and wire for turned parts, sections for frames). */
const FORM_BY_CATEGORY: Record<string, Record<string, string>> = {
  机加件: { SUS304: '不锈钢棒' },
  焊接件: { Q235: '型材' },
  标准件: { Q235: '线材', SUS304: '不锈钢线材', '45#': '线材' },
};
const PROCESS_STEPS: Record<string, readonly string[]> = {
  钣金件: ['激光切割', '冲压', '折弯', '压铆', '去毛刺'],
  机加件: ['车削', 'CNC加工', '铣削', '钻孔', '磨削'],
  压铸件: ['压铸', '去毛刺', 'CNC加工'],
  注塑件: ['注塑', '修边', '超声波焊接'],
  焊接件: ['下料', '焊接', '打磨', '校形'],
  标准件: ['冷镦', '搓丝', '热处理'],
};
/**
 * What a step costs for a piece of size 1 (a 1 kg sheet-metal part): [min, max price per piece in
 * 0.01 CNY], and for steps that may be quoted on machine time [min, max hours in 0.01 h, min, max
 * CNY per hour]. Standard parts are priced as they are (cents a piece), not by size.
 */
const STEP_COSTS: Record<string, readonly [number, number, ...([] | [number, number, number, number])]> = {
  激光切割: [30, 200, 1, 5, 150, 300],
  冲压: [10, 80],
  折弯: [10, 60],
  压铆: [5, 30],
  去毛刺: [10, 50],
  车削: [50, 400, 5, 30, 45, 90],
  CNC加工: [100, 800, 5, 40, 80, 150],
  铣削: [50, 400, 5, 30, 60, 110],
  钻孔: [10, 80, 2, 10, 40, 70],
  磨削: [50, 300, 3, 20, 60, 120],
  压铸: [100, 600],
  注塑: [30, 300],
  修边: [5, 40],
  超声波焊接: [10, 60],
  下料: [100, 500],
  焊接: [500, 3000, 20, 80, 50, 90],
  打磨: [100, 800, 5, 20, 40, 70],
  校形: [100, 600],
  冷镦: [2, 8],
  搓丝: [1, 5],
  热处理: [1, 5],
};

/**
 * Outsourced finishing: each process with its price bases and a plausible CNY price range per basis
 * (0.0001 CNY). The secondary_processes rows and the secondary_process cost lines both price from it.
 */
const PROCESS_TYPES: readonly (readonly [string, ProcessCategory, Partial<Record<PriceBasis, readonly [number, number]>>])[] = [
  ['镀锌', 'plating', { dm2: [800, 3_500], piece: [3_000, 30_000], kg: [25_000, 60_000] }],
  ['镀镍', 'plating', { dm2: [2_000, 6_000], piece: [8_000, 60_000] }],
  ['镀铬', 'plating', { dm2: [3_000, 9_000] }],
  ['淬火', 'heat_treatment', { kg: [30_000, 90_000], piece: [5_000, 80_000] }],
  ['调质', 'heat_treatment', { kg: [25_000, 70_000] }],
  ['渗碳', 'heat_treatment', { kg: [50_000, 120_000], batch: [3_000_000, 8_000_000] }],
  ['喷粉', 'painting', { dm2: [1_000, 4_000], piece: [8_000, 80_000] }],
  ['喷漆', 'painting', { dm2: [1_200, 4_500], piece: [10_000, 100_000] }],
  ['电泳', 'painting', { dm2: [1_000, 3_000] }],
  ['阳极氧化', 'anodizing', { dm2: [1_500, 5_000], piece: [5_000, 50_000] }],
  ['硬质阳极氧化', 'anodizing', { dm2: [4_000, 12_000] }],
  ['攻丝', 'machining', { piece: [500, 5_000] }],
  ['去毛刺', 'machining', { piece: [500, 8_000], batch: [500_000, 3_000_000] }],
  ['焊接', 'welding', { piece: [10_000, 150_000] }],
  ['点焊', 'welding', { piece: [500, 5_000] }],
  ['激光打标', 'other', { piece: [1_000, 10_000], batch: [800_000, 3_000_000] }],
  ['清洗', 'other', { batch: [500_000, 2_000_000], kg: [5_000, 20_000] }],
  ['钝化', 'other', { kg: [15_000, 40_000], dm2: [500, 2_000] }],
];
/** A process's price bases, the usual one first. */
const basesOf = (typeIndex: number): PriceBasis[] => Object.keys(PROCESS_TYPES[typeIndex]![2]) as PriceBasis[];
function processRange(name: string, basis: PriceBasis): readonly [number, number] {
  const range = PROCESS_TYPES.find(([n]) => n === name)?.[2][basis];
  if (!range) throw new Error(`demo data: no price for ${name} by ${basis}`);
  return range;
}
/** The finishing a part may get, by category, then by material where it differs: process → price basis. */
type Finishes = Partial<Record<string, PriceBasis>>;
const FINISHES: Record<string, { usual: Finishes; byMaterial?: Record<string, Finishes> }> = {
  钣金件: {
    usual: { 镀锌: 'dm2', 喷粉: 'dm2', 电泳: 'dm2', 镀镍: 'dm2' },
    byMaterial: { AL5052: { 阳极氧化: 'dm2', 喷粉: 'dm2' }, SUS304: { 钝化: 'dm2' } },
  },
  机加件: {
    usual: { 调质: 'kg', 淬火: 'kg', 镀锌: 'dm2', 镀铬: 'dm2', 渗碳: 'kg' },
    byMaterial: { 'AL6061-T6': { 阳极氧化: 'dm2', 硬质阳极氧化: 'dm2' }, H62: { 镀镍: 'dm2', 镀铬: 'dm2' }, SUS304: { 钝化: 'kg' } },
  },
  压铸件: { usual: { 喷粉: 'dm2', 喷漆: 'dm2', 电泳: 'dm2' } },
  注塑件: { usual: { 喷漆: 'dm2', 激光打标: 'piece' } },
  焊接件: { usual: { 喷粉: 'dm2', 电泳: 'dm2', 喷漆: 'dm2', 镀锌: 'kg' } },
  标准件: { usual: { 镀锌: 'kg', 淬火: 'kg' }, byMaterial: { SUS304: { 钝化: 'kg' } } },
};
const finishesOf = (category: string, material: string): [string, PriceBasis][] => {
  const f = FINISHES[category];
  return Object.entries(f?.byMaterial?.[material] ?? f?.usual ?? {}) as [string, PriceBasis][];
};
const BASIS_UNITS: Record<PriceBasis, string> = { piece: 'PCS', kg: 'kg', dm2: 'dm2', batch: 'batch' };
/** [item, min, max price in 0.01 CNY] for a part of size 1. */
const OTHER_ITEMS: readonly (readonly [string, number, number])[] = [
  ['包装运输', 20, 150],
  ['包装材料', 5, 60],
  ['模具分摊', 50, 300],
  ['检测费', 10, 80],
];
const ACCESSORIES = ['压铆螺母 M4', '螺钉 M3×8', '铭牌', '密封圈'];

/** What drives a line's price over time: the material's market, or the part's own trend. */
type Driver = 'material' | 'bought' | 'labour' | 'outsourced' | 'other';

/** A cost line: quantity in 0.01 units, unit price in 0.0001 units, so amount = q × p / 100 in 0.0001 units. */
interface Line {
  cost_type: CostType;
  item_name: string;
  spec: string | null;
  q: number;
  unit: string;
  p: number;
  remark: string | null;
}
interface ModelLine extends Line {
  driver: Driver;
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
const amountOf = (l: Line): number => (l.q * l.p) / 100; // whole 0.0001 units by construction (see grainOf)
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/** The finest unit price (0.0001 units) whose amount at quantity `q` is a whole 0.0001: 0.01 for 0.37 kg, 0.0001 for 1 PCS. */
const grainOf = (q: number): number => 100 / gcd(q, 100);

interface CostModel {
  /** Every line but the two fees; unit prices in whole 0.01 CNY. */
  lines: ModelLine[];
  managementPct: number | null;
  profitPct: number | null;
  /** What the price is for: a piece, or a kilogram of parts sold by weight. */
  unit: 'PCS' | 'kg';
  /** The part's own price trend per quarter (labour, finishing, packaging): −2 % … +2.5 %. */
  trend: number;
}

/** Pricings 9–13 (the tie template) price parts 6–10 exactly at this model: 5.7000. */
const TIE_LINES: readonly Line[] = [
  line('material', 'SPCC 冷轧板 t=1.5', 42, 'kg', 65_000, '1250×2500'),
  line('process', '冲压', 100, 'PCS', 8_500),
  line('process', '折弯', 100, 'PCS', 6_000),
  line('secondary_process', '镀锌', 250, 'dm2', 1_800),
  line('other', '包装运输', 100, 'PCS', 3_000),
  line('management_fee', '管理费', 100, 'PCS', 2_500),
  line('profit', '利润', 100, 'PCS', 5_200),
];
const TIE_DRIVERS: Record<string, Driver> = { material: 'material', process: 'labour', secondary_process: 'outsourced', other: 'other' };
const isTiePart = (partId: number): boolean => partId >= 6 && partId <= 10;

/** Gross weight (kg of material bought) and surface (dm²) of one piece, from the spec where it can be read. */
function shapeOf(r: Rng, part: DemoPart, density: number): { kg: number; dm2: number } {
  const nums = (re: RegExp) =>
    re
      .exec(part.spec ?? '')
      ?.slice(1)
      .map(Number);
  const cm3 = (mm3: number) => mm3 / 1000;
  let m: number[] | undefined;
  if (part.category === '钣金件' && (m = nums(/^t=([\d.]+) (\d+)×(\d+)$/))) {
    const [t, w, h] = m as [number, number, number];
    return { kg: (cm3(t * w * h) * density) / 1000 / 0.75, dm2: (2 * w * h) / 10_000 };
  }
  if (part.category === '机加件' && (m = nums(/^Φ(\d+)×(\d+)$/))) {
    const [d, l] = m as [number, number];
    return { kg: (cm3((Math.PI / 4) * d * d * (l + 5)) * density) / 1000, dm2: (Math.PI * d * l + (Math.PI / 2) * d * d) / 10_000 };
  }
  if ((part.category === '压铸件' || part.category === '注塑件') && (m = nums(/^(\d+)×(\d+)×(\d+)$/))) {
    const [a, b, c] = m as [number, number, number];
    const fill = part.category === '压铸件' ? 0.12 + r() * 0.1 : 0.06 + r() * 0.06; // walls, not a solid block
    return { kg: (cm3(a * b * c * fill) * density * 1.05) / 1000, dm2: (2 * (a * b + b * c + c * a)) / 10_000 };
  }
  if (part.category === '焊接件' && (m = nums(/^(\d+)×(\d+)$/))) {
    const [l, w] = m as [number, number];
    const kg = ((2 * (l + w)) / 1000) * (2.2 + r() * 2.3) * 1.3; // tube of 2–4.5 kg/m, plus cross members
    return { kg, dm2: kg * 8 };
  }
  if (part.category === '标准件' && (m = nums(/^M(\d+)×(\d+)$/))) {
    const [d, l] = m as [number, number];
    return { kg: (cm3((Math.PI / 4) * d * d * l * 1.3) * density) / 1000, dm2: (Math.PI * d * l * 1.3) / 10_000 };
  }
  // No spec, or one of the hand-written ones: a size typical of the category.
  const kg = { 钣金件: 0.3, 机加件: 0.8, 压铸件: 0.5, 注塑件: 0.08, 焊接件: 15, 标准件: 0.01 }[part.category] ?? 0.5;
  const k = kg * (0.4 + r() * 1.6);
  return { kg: k, dm2: part.category === '标准件' ? 0.05 : Math.max(0.3, k * 8) };
}

/** The part's cost lines and fees in CNY: drawn once per part, the same for every pricing of it. */
function costModel(seed: number, part: DemoPart): CostModel {
  const r = rowRng(seed, 4, part.id);
  const trend = -0.02 + r() * 0.045;
  if (isTiePart(part.id)) {
    const lines = TIE_LINES.filter((l) => l.cost_type in TIE_DRIVERS).map((l) => ({ ...l, driver: TIE_DRIVERS[l.cost_type]! }));
    return { lines, managementPct: 5, profitPct: 10, unit: 'PCS', trend };
  }
  const [baseForm, perKg, density] = MATERIALS[part.material] ?? ['原材料', 800, 7.85];
  const form = FORM_BY_CATEGORY[part.category]?.[part.material] ?? baseForm;
  const byKg = part.unit === 'KG'; // sold by weight: every line is per kg of parts
  const shape = shapeOf(r, part, density);
  const price = Math.round(perKg * (0.96 + r() * 0.08)) * 100; // this grade and size, per kg
  // What one piece weighs, in 0.01 kg: at least 0.01 kg, and at most 200 CNY of material.
  const kg = byKg ? 105 : Math.min(Math.max(1, Math.round(shape.kg * 100)), Math.floor((200 * 10_000 * 100) / price));
  // How much work a piece is, relative to a sheet-metal bracket of 1 kg.
  const size = byKg ? 1 : Math.min(4, Math.max(0.1, Math.sqrt(kg / 100)));
  const cents = (c: number) => Math.max(1, Math.round(c * size)) * 100;
  const thickness = part.category === '钣金件' && part.spec?.startsWith('t=') ? ` ${part.spec.split(' ')[0]}` : '';
  const unit = byKg ? 'kg' : 'PCS';

  const lines: ModelLine[] = [
    {
      ...line(
        'material',
        `${part.material} ${form}${thickness}`,
        kg,
        'kg',
        price,
        thickness ? pick(r, ['1250×2500', '1220×2440', null]) : null,
      ),
      driver: 'material',
    },
  ];
  if (part.category !== '标准件' && chance(r, 0.35)) {
    lines.push({ ...line('material', pick(r, ACCESSORIES), int(r, 1, 4) * 100, 'PCS', int(r, 5, 60) * 100), driver: 'bought' });
  }
  for (const step of sample(r, PROCESS_STEPS[part.category] ?? ['加工'], int(r, 1, 3))) {
    const [lo, hi, hLo, hHi, rateLo, rateHi] = STEP_COSTS[step] ?? [10, 300];
    let l: Line;
    if (byKg)
      l = line('process', step, 100, unit, int(r, 100, 300) * 100); // per kg of parts
    else if (part.category === '标准件') l = line('process', step, 100, unit, int(r, lo, hi) * 100);
    else if (hLo !== undefined && chance(r, 0.5)) {
      const hours = Math.max(1, Math.round(int(r, hLo, hHi!) * size));
      l = line('process', step, hours, 'h', int(r, rateLo!, rateHi!) * 10_000, null, chance(r, 0.2) ? '含设备折旧' : null);
    } else l = line('process', step, 100, unit, cents(int(r, lo, hi)));
    lines.push({ ...l, driver: 'labour' });
  }
  const net = Math.max(1, Math.round(kg * (0.8 + r() * 0.15))); // the finished piece, for finishing by weight
  for (const [name, basis] of sample(r, finishesOf(part.category, part.material), int(r, 0, 2))) {
    const [lo, hi] = processRange(name, basis);
    const q = byKg || basis === 'piece' ? 100 : basis === 'kg' ? net : Math.max(1, Math.round(shape.dm2 * 100));
    lines.push({
      ...line(
        'secondary_process',
        name,
        q,
        BASIS_UNITS[basis],
        Math.round(int(r, lo, hi) / 100) * 100 || 100,
        null,
        chance(r, 0.3) ? '外协' : null,
      ),
      driver: 'outsourced',
    });
  }
  const managementPct = chance(r, 0.9) ? int(r, 3, 8) : null;
  const profitPct = chance(r, 0.9) ? int(r, 5, 12) : null;
  const fees = Number(managementPct !== null) + Number(profitPct !== null);
  const others = Math.min(Math.max(int(r, 0, 2), 4 - lines.length - fees), 10 - lines.length - fees);
  for (const [name, lo, hi] of sample(r, OTHER_ITEMS, others)) {
    lines.push({ ...line('other', name, 100, unit, byKg ? int(r, lo, hi) * 100 : cents(int(r, lo, hi))), driver: 'other' });
  }
  return { lines, managementPct, profitPct, unit, trend };
}

// ---------------------------------------------------------------------------------------------
// pricing (核价记录) and pricing_details (核价明细)

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

const PRICES_FROM = at('2024-12-01T00:00:00Z');
const QUARTER = 91.3125 * DAY;

/** The demo period's months, 2024-12 (0) to 2026-11 (23): one exchange rate per currency each. */
const RATE_MONTHS = 24;

/** CNY per USD in the Shanghai month of `ms`: 7.10–7.30, drifting down from 7.28 in 2024-12. */
function usdRate(ms: number): number {
  const day = shanghaiDay(ms);
  const m = Math.min(RATE_MONTHS - 1, Math.max(0, (Number(day.slice(0, 4)) - 2024) * 12 + Number(day.slice(5, 7)) - 12));
  return usdRateOfMonth(m);
}

const usdRateOfMonth = (m: number): number => Math.round((7.28 - 0.007 * m + 0.015 * Math.sin(1.7 * m)) * 10_000) / 10_000;

/** CNY for one unit, month m of the demo period: USD as its pricings assume, EUR about 7.6–8.0, JPY about 0.046–0.049. */
const MONTHLY_RATES: readonly { currency: string; rate: (m: number) => number }[] = [
  { currency: 'EUR', rate: (m) => Math.round((7.82 - 0.006 * m + 0.09 * Math.sin(0.9 * m)) * 10_000) / 10_000 },
  { currency: 'JPY', rate: (m) => Math.round((0.0478 - 0.00004 * m + 0.0009 * Math.sin(1.3 * m)) * 100_000_000) / 100_000_000 },
  { currency: 'USD', rate: usdRateOfMonth },
];

/**
 * The finance system's monthly rates (exchange_rates): each currency's rate from the first day of
 * each Shanghai month of the demo period, published two days before it.
 */
function makeExchangeRates(): DemoRow[] {
  const rows: DemoRow[] = [];
  for (let m = 0; m < RATE_MONTHS; m++) {
    const year = 2024 + Math.floor((11 + m) / 12);
    const month = ((11 + m) % 12) + 1;
    const validFrom = `${year}-${String(month).padStart(2, '0')}-01`;
    const published = new Date(at(`${validFrom}T09:30:00+08:00`) - 2 * DAY);
    for (const { currency, rate } of MONTHLY_RATES) {
      rows.push({
        id: rows.length + 1,
        currency,
        rate_to_cny: rate(m),
        valid_from: validFrom,
        source: '财务部月度汇率',
        created_at: published,
        updated_at: published,
      });
    }
  }
  return rows;
}

/** A material's market price relative to 2024-12, quarter by quarter (−3.5 % … +4 % a quarter), in between linearly. */
const materialWalks = new Map<string, number[]>();
function materialIndex(seed: number, material: string, quarters: number): number {
  const key = `${seed}:${material}`;
  let walk = materialWalks.get(key);
  if (!walk) {
    const r = rowRng(seed, 6, MATERIAL_NAMES.indexOf(material) + 1);
    walk = [1];
    for (let k = 1; k <= 12; k++) walk.push(walk[k - 1]! * (0.965 + r() * 0.075));
    materialWalks.set(key, walk);
  }
  const t = Math.min(11.999, Math.max(0, quarters));
  const k = Math.floor(t);
  return walk[k]! + (walk[k + 1]! - walk[k]!) * (t - k);
}

/**
 * How one supplier prices one part against its model: its usual level (±5 %, the same for all its
 * parts) and this part's (±9 %), then a little more or less per kind of line.
 */
function supplierTerms(seed: number, partId: number, supplier: number) {
  const usual = -0.05 + rowRng(seed, 9, supplier)() * 0.1;
  const r = rowRng(seed, 5, partId * 16 + supplier);
  const level = 1 + usual + 0.09 * (r() + r() - 1);
  const around = (spread: number) => level * (1 - spread + 2 * spread * r());
  return {
    factors: {
      material: around(0.03),
      bought: around(0.05),
      labour: around(0.05),
      outsourced: around(0.05),
      other: around(0.15),
    } as Record<Driver, number>,
    yield: 0.96 + r() * 0.08, // material bought per piece: nesting and scrap differ
    managementPct: int(r, -1, 1),
    profitPct: int(r, -1, 1),
  };
}

/**
 * A pricing's lines: the part's model as this supplier prices it at this time (material at its
 * market index, everything else along the part's trend), ±1.5 % of quoting noise a line, converted at
 * the month's rate for USD. About 1.2 % of pricings are outliers (a new drawing, a trial batch): the
 * material and the work of a piece ×1.5–2.1 or ×0.4–0.6, with a remark that says why.
 */
function pricingLines(
  seed: number,
  id: number,
  part: DemoPart,
  supplier: number,
  pricedAt: number,
  usd: boolean,
): { lines: Line[]; remark: string | null } {
  if (isTieTemplate(id)) return { lines: [...TIE_LINES], remark: null };
  const r = rowRng(seed, 7, id);
  const model = costModel(seed, part);
  const terms = supplierTerms(seed, part.id, supplier);
  const quarters = (pricedAt - PRICES_FROM) / QUARTER;
  const trend = (1 + model.trend) ** quarters;
  const rate = usd ? usdRate(pricedAt) : 1;
  const outlier = chance(r, 0.012) ? (chance(r, 0.65) ? 1.5 + r() * 0.6 : 0.4 + r() * 0.2) : 1;
  const remark = outlier === 1 ? null : outlier > 1 ? pick(r, ['按新版图纸核价', '小批量试产价格']) : '按新版图纸核价';

  const lines: Line[] = model.lines.map((l) => {
    const scaled = outlier !== 1 && (l.driver === 'material' || l.driver === 'labour');
    // A piece's material and hours scale with a drawing; a price per piece scales instead.
    const q = Math.max(
      1,
      Math.round(l.q * (l.driver === 'material' && l.unit === 'kg' ? terms.yield : 1) * (scaled && l.unit !== 'PCS' ? outlier : 1)),
    );
    const time = l.driver === 'material' ? materialIndex(seed, part.material, quarters) : trend;
    const cny = l.p * terms.factors[l.driver] * time * (0.985 + r() * 0.03) * (scaled && l.unit === 'PCS' ? outlier : 1);
    const grain = usd ? grainOf(q) : 100; // CNY lines in whole fen; USD as fine as the quantity allows
    return { ...l, q, p: Math.max(grain, Math.round(cny / rate / grain) * grain) };
  });
  // A fee line is 1.00 × (base × rate), rounded to the 0.01 (CNY) or 0.0001 (USD), so its amount stays exact.
  const fee = (type: CostType, name: string, pct: number | null, delta: number) => {
    if (pct === null) return;
    const p = Math.max(1, pct + delta);
    const base = lines.reduce((s, l) => s + amountOf(l), 0);
    const grain = usd ? 1 : 100;
    lines.push(line(type, name, 100, model.unit, Math.max(grain, Math.round((base * p) / 100 / grain) * grain), null, `按 ${p}% 计取`));
  };
  fee('management_fee', '管理费', model.managementPct, terms.managementPct);
  fee('profit', '利润', model.profitPct, terms.profitPct);
  return { lines, remark };
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
  const supplier = FIXED_SUPPLIER[id] ?? int(r, 0, SUPPLIERS.length - 1);
  const [supplierCode, supplierName] = SUPPLIERS[supplier]!;
  const usd = !isTieTemplate(id) && chance(r, 0.08);
  const taxBp = weighted(r, [
    [1300, 85],
    [600, 10],
    [0, 5],
  ] as const); // tax rate in 0.0001
  const { lines, remark: why } = pricingLines(seed, id, part, supplier, pricedAt, usd);

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
  const drawn = id === 5 ? '[急] 重新核价' : chance(r, 0.6) ? null : pick(r, PRICING_REMARKS);
  const remark = id === 5 ? drawn : (why ?? drawn);
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

/**
 * A finisher's price for one process of a part. Most rows of a part whose cost lines include
 * finishing quote that finishing (the review's 二次加工参考价 then has something to compare), at
 * −12 % … +15 % of the part's cost model; the others are within the process's range for the basis.
 */
function makeProcess(seed: number, id: number, parts: number): DemoRow {
  const r = rowRng(seed, 3, id);
  let typeIndex = isProcessTie(id) ? 0 : id - 6 < PROCESS_TYPES.length ? id - 6 : int(r, 0, PROCESS_TYPES.length - 1);
  let basis: PriceBasis = isProcessTie(id) ? 'piece' : id - 6 < PROCESS_TYPES.length ? basesOf(typeIndex)[0]! : pick(r, basesOf(typeIndex));
  const u = r(); // where in the range, when the part's model does not set the price
  const wholeFen = chance(r, 0.7);
  const usd = chance(r, 0.05);
  const [supplierCode, supplierName] = pick(r, PROCESS_SUPPLIERS);
  const validFrom = isProcessTie(id) ? at('2026-06-01T00:00:00Z') : at('2025-01-01T00:00:00Z') + int(r, 0, 668) * DAY;
  const validTo = chance(r, 0.3) ? null : validFrom + (pick(r, [180, 365, 730]) - 1) * DAY;
  const lapsed = validTo !== null && validTo < at('2026-11-20T00:00:00Z');
  const created = validFrom - int(r, 1, 30 * 86_400) * 1000;
  const updated = isProcessTie(id) ? at('2026-06-18T02:00:00Z') : later(r, created, 90);
  const partId = int(r, 1, parts);

  let price: number;
  if (isProcessTie(id)) {
    price = 8500;
  } else {
    const own = rowRng(seed, 8, id);
    const finishing = costModel(seed, makePart(seed, partId)).lines.filter((l) => l.cost_type === 'secondary_process');
    const sameAs = (l: Line) => l.item_name === PROCESS_TYPES[typeIndex]![0] && l.unit === BASIS_UNITS[basis];
    // Rows 6–23 keep their process and basis; the others mostly quote one of the part's own finishes.
    const quoted =
      finishing.find(sameAs) ??
      (id - 6 >= PROCESS_TYPES.length && finishing.length > 0 && chance(own, 0.6) ? pick(own, finishing) : undefined);
    if (quoted) {
      typeIndex = PROCESS_TYPES.findIndex(([n]) => n === quoted.item_name);
      basis = (Object.keys(BASIS_UNITS) as PriceBasis[]).find((b) => BASIS_UNITS[b] === quoted.unit)!;
      price = Math.round(quoted.p * (0.88 + own() * 0.27));
    } else {
      const [lo, hi] = processRange(PROCESS_TYPES[typeIndex]![0], basis);
      price = Math.round(lo + u * (hi - lo));
    }
    if (usd) price /= usdRate(validFrom);
    price = wholeFen ? Math.max(100, Math.round(price / 100) * 100) : Math.max(1, Math.round(price)); // mostly whole fen (cents)
  }
  const [name, category] = PROCESS_TYPES[typeIndex]!;
  return {
    id,
    process_no: `EC-${pad(id, 6)}`,
    part_id: partId,
    process_name: name,
    category,
    supplier_code: supplierCode,
    supplier_name: supplierName,
    price_basis: basis,
    unit_price: dec(price),
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
 * by their detail lines, then secondary processes, then the exchange rates of the demo period. Only one batch of headers and its lines are in
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
          unit_price: dec(l.p),
          amount: dec(amountOf(l)),
          remark: l.remark,
        }),
      );
    }
    yield { table: 'pricing', rows: headers };
    for (let i = 0; i < details.length; i += BATCH) yield { table: 'pricing_details', rows: details.slice(i, i + BATCH) };
  }

  yield* batched('secondary_processes', opts.processes, (id) => makeProcess(seed, id, opts.parts));
  yield { table: 'exchange_rates', rows: makeExchangeRates() };
}
