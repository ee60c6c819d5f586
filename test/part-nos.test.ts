import { expect } from 'chai';
import { codesWithoutRows, readPartNos, splitPartNos } from '../web/src/part-nos.js';

/** The lists' 批量物料编码 (web/src/part-nos.ts): pasted codes read, and those no row has found. */
describe('web: 批量物料编码', () => {
  it('reads a column from Excel and codes separated by tabs, commas, Chinese commas, 、 or spaces; repeats counted once', () => {
    expect(readPartNos('P-1\r\nP-2\r\nP-1\r\n')).to.deep.equal({ codes: ['P-1', 'P-2'], repeats: 1 });
    expect(readPartNos('P-1\tP-2,P-3，P-4、P-5  P-6;P-7；P-1 P-1')).to.deep.equal({
      codes: ['P-1', 'P-2', 'P-3', 'P-4', 'P-5', 'P-6', 'P-7'],
      repeats: 2,
    });
    expect(readPartNos('  \n\t ')).to.deep.equal({ codes: [], repeats: 0 });
    expect(readPartNos(undefined)).to.deep.equal({ codes: [], repeats: 0 });
    // The filter put back into the form after a sign-in is the array the list sent.
    expect(splitPartNos(['P-1', 'P-2'])).to.deep.equal(['P-1', 'P-2']);
  });

  /** A list over rows of parts, paged as the API pages (default order), recording each body. */
  function fakeList(rows: string[]) {
    const bodies: Record<string, unknown>[] = [];
    const list = async (body: Record<string, unknown>) => {
      bodies.push(body);
      const codes = body.partNos as string[];
      expect(codes.length, 'an empty partNos would mean no filter').to.be.greaterThan(0);
      const matching = rows.filter((partNo) => codes.includes(partNo)).map((partNo) => ({ partNo }));
      const size = body.pageSize as number;
      return Promise.resolve({ data: matching.slice(0, size), total: matching.length });
    };
    return { list, bodies };
  }

  it('one request when every matching row fits in one answer', async () => {
    const { list, bodies } = fakeList(['A', 'B', 'A', 'C']);
    expect(await codesWithoutRows(list, { status: ['approved'], partNos: ['A', 'X', 'C'] }, ['A', 'X', 'C'])).to.deep.equal(['X']);
    expect(bodies).to.deep.equal([{ status: ['approved'], partNos: ['A', 'X', 'C'], current: 1, pageSize: 200 }]);
  });

  it('more rows than a page: asks again for the codes not seen yet, never reading a row twice', async () => {
    // 150 rows of A first, then 100 of B, 100 of C (as a default sort could list them); D has none.
    const rows = [...Array<string>(150).fill('A'), ...Array<string>(100).fill('B'), ...Array<string>(100).fill('C')];
    const { list, bodies } = fakeList(rows);
    expect(await codesWithoutRows(list, {}, ['A', 'B', 'C', 'D'])).to.deep.equal(['D']);
    expect(bodies.map((b) => b.partNos)).to.deep.equal([
      ['A', 'B', 'C', 'D'],
      ['C', 'D'],
    ]);
  });

  it('every code found: no code is 未找到, and no request with an empty partNos', async () => {
    const rows = [...Array<string>(300).fill('A'), 'B'];
    const { list, bodies } = fakeList(rows);
    expect(await codesWithoutRows(list, {}, ['A', 'B'])).to.deep.equal([]);
    expect(bodies.map((b) => b.partNos)).to.deep.equal([['A', 'B'], ['B']]);
  });

  it('stops with an error rather than asking forever when the rows carry codes it did not send', async () => {
    const list = async () => Promise.resolve({ data: Array.from({ length: 200 }, () => ({ partNo: 'a' })), total: 500 });
    let error: unknown;
    await codesWithoutRows(list, {}, ['A']).catch((err: unknown) => (error = err));
    expect(error).to.be.instanceOf(Error);
  });
});
