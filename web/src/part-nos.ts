/**
 * The lists' 批量物料编码: codes pasted from Excel (one column gives one a line) or typed, read into
 * the `partNos` filter, and which of them the current filters find no row for (未找到).
 */

/** The API's limit of `partNos` (src/schemas/requests.ts), repeated so the page need not bundle the schemas. */
export const MAX_PART_NOS = 1000;

/** Line breaks, tabs, spaces, commas (also Chinese ones), 、 and semicolons. */
const SEPARATORS = /[\s,，、;；]+/;

export interface ReadPartNos {
  /** Each code once, in the order pasted. */
  codes: string[];
  /** How many repeats were merged into the first of their code. */
  repeats: number;
}

/**
 * The form's text; an array is the filter put back after a sign-in (the `partNos` the list last sent).
 */
export function readPartNos(value: string | readonly string[] | null | undefined): ReadPartNos {
  const text = typeof value === 'string' ? value : (value ?? []).join('\n');
  const all = text.split(SEPARATORS).filter((code) => code !== '');
  const codes = [...new Set(all)];
  return { codes, repeats: all.length - codes.length };
}

/** The `partNos` filter of the form's text. */
export const splitPartNos = (value: string | readonly string[] | null | undefined): string[] => readPartNos(value).codes;

/** The largest page the lists answer. */
const CHECK_PAGE_SIZE = 200;

type ListCall = (body: Record<string, unknown>) => Promise<{ data: { partNo: string }[]; total: number }>;

/**
 * The codes that no row of `filters` has (`codes` are its `partNos`). The API cannot say which
 * codes matched, so the list is asked with the codes not yet seen, 200 rows a time, until one
 * answer holds every row still matching. Each round drops the codes it saw, so no row is read
 * twice (at most rows ÷ 200 rounds; the default sort mixes parts, so a round sees many codes).
 */
export async function codesWithoutRows(list: ListCall, filters: Record<string, unknown>, codes: readonly string[]): Promise<string[]> {
  let unseen = [...codes];
  // An empty `partNos` means no filter: stop before sending one.
  while (unseen.length > 0) {
    const { data, total } = await list({ ...filters, partNos: unseen, current: 1, pageSize: CHECK_PAGE_SIZE });
    const seen = new Set(data.map((row) => row.partNo));
    const rest = unseen.filter((code) => !seen.has(code));
    if (total <= data.length) return rest;
    // Rows whose code is none of those sent: the service matched differently than this page reads it.
    if (rest.length === unseen.length) throw new Error('服务返回的物料编码与所查编码不一致');
    unseen = rest;
  }
  return [];
}
