/**
 * 批量核价's paste area: text copied from Excel (or typed) read into BOM lines on the client.
 *
 * - A line with a TAB is a row of two columns: 物料编码, 数量 (further columns are ignored).
 * - A line without one is a column of codes, several on a line when separated by commas (, or ，),
 *   、 or spaces; each has quantity 1.
 * - The first non-blank line is skipped when it is a header (物料编码 / 料号 … and 数量 / 用量 …).
 * - A line with no code, or whose quantity is not a positive number with at most 4 decimals, is
 *   rejected with its reason and left out of the request: one bad cell never fails the paste.
 *
 * The limits are the service's (src/schemas/requests.ts, common.ts), repeated here so that the page
 * does not bundle the service's schemas.
 */
export const MAX_BOM_LINES = 2000;
const MAX_QUANTITY = 1e9;
const MAX_CODE_LENGTH = 200;

export interface BomLine {
  partNo: string;
  quantity: number;
}

export interface PastedLine extends BomLine {
  /** The line of the pasted text it came from, counting from 1. */
  sourceLine: number;
}

export interface RejectedLine {
  sourceLine: number;
  /** The line as pasted; a row of cells as `a | b`, an empty cell as （空）. */
  text: string;
  reason: string;
}

export interface ParsedPaste {
  lines: PastedLine[];
  rejected: RejectedLine[];
  /** The header row that was skipped, if any. */
  header?: string;
}

const CODE_HEADERS = /^(物料编码|物料代码|物料编号|物料号|料号|编码|零件号|零件编码|part\s*no\.?|part\s*number|partno)$/i;
const QUANTITY_HEADERS = /^(数量|用量|需求数量|qty|quantity)$/i;
/** Codes of a one-column line: commas, Chinese commas, 、, semicolons or any white space between them. */
const CODE_SEPARATORS = /[,，、;；\s]+/u;

function isHeader(cells: string[]): boolean {
  const [code = '', qty = ''] = cells.map((c) => c.trim());
  return CODE_HEADERS.test(code) && (qty === '' || QUANTITY_HEADERS.test(qty));
}

/** A quantity cell: a positive number with at most 4 decimals, or the reason it is not one. */
export function readQuantity(cell: string): { quantity: number } | { reason: string } {
  // Excel copies what the cell shows: thousands separators (1,200.5) and full-width digits are read.
  const text = cell
    .trim()
    .replace(/[０-９．－＋]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/^([+-]?\d{1,3}(,\d{3})+(\.\d*)?)$/, (m) => m.replace(/,/g, ''));
  if (text === '') return { reason: '数量为空' };
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return { reason: `数量不是数字：“${cell.trim()}”` };
  const quantity = Number(text);
  if (!(quantity > 0)) return { reason: `数量须大于 0：${cell.trim()}` };
  const decimals = /\.(\d*)$/.exec(text)?.[1]?.replace(/0+$/, '').length ?? 0;
  if (decimals > 4) return { reason: `数量最多 4 位小数：${cell.trim()}` };
  if (quantity > MAX_QUANTITY) return { reason: `数量过大（最多 ${MAX_QUANTITY.toLocaleString('zh-CN')}）：${cell.trim()}` };
  return { quantity };
}

function checkCode(code: string): string | undefined {
  if (code === '') return '缺少物料编码';
  if (code.length > MAX_CODE_LENGTH) return `物料编码过长（最多 ${MAX_CODE_LENGTH} 个字符）`;
  if (code.includes('\u0000')) return '物料编码含有不可见的 NUL 字符';
  return undefined;
}

export function parseBomPaste(text: string): ParsedPaste {
  const result: ParsedPaste = { lines: [], rejected: [] };
  const rows = text.split(/\r\n|\n|\r/);
  let seenContent = false;
  rows.forEach((raw, index) => {
    const sourceLine = index + 1;
    if (raw.trim() === '') return; // blank lines (Excel ends a copy with a line break)
    const shown = raw.includes('\t')
      ? raw
          .split('\t')
          .map((c) => c.trim() || '（空）')
          .join(' | ')
      : raw.trim();
    const reject = (reason: string) => result.rejected.push({ sourceLine, text: shown, reason });
    const first = !seenContent;
    seenContent = true;

    if (raw.includes('\t')) {
      const cells = raw.split('\t');
      if (first && isHeader(cells)) {
        result.header = shown;
        return;
      }
      const code = (cells[0] ?? '').trim();
      const codeProblem = checkCode(code);
      if (codeProblem) return reject(codeProblem);
      const qty = readQuantity(cells[1] ?? '');
      if ('reason' in qty) return reject(qty.reason);
      result.lines.push({ partNo: code, quantity: qty.quantity, sourceLine });
      return;
    }

    const codes = raw.trim().split(CODE_SEPARATORS).filter(Boolean);
    if (first && codes.length <= 2 && isHeader(codes)) {
      result.header = shown;
      return;
    }
    for (const code of codes) {
      const codeProblem = checkCode(code);
      if (codeProblem) reject(codeProblem);
      else result.lines.push({ partNo: code, quantity: 1, sourceLine });
    }
  });
  return result;
}

/**
 * The paste with every code that reads `from` written `to` (a suggested code the clerk accepted),
 * and how many there were. Quantities, the header, the separators and the line breaks stay as
 * pasted, so the paste still reads as it did but for those codes.
 */
export function replaceCode(text: string, from: string, to: string): { text: string; count: number } {
  let count = 0;
  const swap = (cell: string) => {
    if (cell.trim() !== from) return cell;
    count++;
    return cell.replace(from, to);
  };
  // Odd parts are the line breaks, and in a one-column line the separators between its codes.
  const replaced = text
    .split(/(\r\n|\n|\r)/)
    .map((raw, i) => {
      if (i % 2 === 1) return raw;
      if (raw.includes('\t')) {
        const [code = '', ...rest] = raw.split('\t');
        return [swap(code), ...rest].join('\t');
      }
      return raw
        .split(new RegExp(`(${CODE_SEPARATORS.source})`, 'u'))
        .map((part, j) => (j % 2 === 0 ? swap(part) : part))
        .join('');
    })
    .join('');
  return { text: replaced, count };
}
