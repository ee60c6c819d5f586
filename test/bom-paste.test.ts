import { expect } from 'chai';
import { parseBomPaste, readQuantity } from '../web/src/bom-paste.js';

/** 批量核价's paste area (web/src/bom-paste.ts): what a clerk copies from Excel, read into BOM lines. */
describe('web: reading a pasted BOM', () => {
  it('two columns from Excel, the header row skipped, the trailing line break ignored', () => {
    const parsed = parseBomPaste('物料编码\t数量\r\nP-100217\t12.5\r\nP-100010\t2\r\n');
    expect(parsed.header).to.equal('物料编码 | 数量');
    expect(parsed.rejected).to.deep.equal([]);
    expect(parsed.lines).to.deep.equal([
      { partNo: 'P-100217', quantity: 12.5, sourceLine: 2 },
      { partNo: 'P-100010', quantity: 2, sourceLine: 3 },
    ]);
  });

  it('one column: quantity 1 each; codes also separated by commas, Chinese commas, 、 and spaces', () => {
    const parsed = parseBomPaste('料号\nP-1\nP-2, P-3，P-4、P-5  P-6\n\n P-7 ');
    expect(parsed.header).to.equal('料号');
    expect(parsed.lines.map((l) => [l.partNo, l.quantity])).to.deep.equal([
      ['P-1', 1],
      ['P-2', 1],
      ['P-3', 1],
      ['P-4', 1],
      ['P-5', 1],
      ['P-6', 1],
      ['P-7', 1],
    ]);
  });

  it('a bad line is kept out with its reason; the others are read', () => {
    const parsed = parseBomPaste(
      ['P-1\t3', '\t5', 'P-2\t', 'P-3\tabc', 'P-4\t0', 'P-5\t-2', 'P-6\t1.23456', 'P-7\t1,200.5', 'P-8\t１２'].join('\n'),
    );
    expect(parsed.lines.map((l) => [l.partNo, l.quantity, l.sourceLine])).to.deep.equal([
      ['P-1', 3, 1],
      ['P-7', 1200.5, 8],
      ['P-8', 12, 9],
    ]);
    expect(parsed.rejected).to.deep.equal([
      { sourceLine: 2, text: '（空） | 5', reason: '缺少物料编码' },
      { sourceLine: 3, text: 'P-2 | （空）', reason: '数量为空' },
      { sourceLine: 4, text: 'P-3 | abc', reason: '数量不是数字：“abc”' },
      { sourceLine: 5, text: 'P-4 | 0', reason: '数量须大于 0：0' },
      { sourceLine: 6, text: 'P-5 | -2', reason: '数量须大于 0：-2' },
      { sourceLine: 7, text: 'P-6 | 1.23456', reason: '数量最多 4 位小数：1.23456' },
    ]);
  });

  it('a first line that is a part number is not a header; a header later is an ordinary (bad) line', () => {
    const parsed = parseBomPaste('P-1\t2\n物料编码\t数量');
    expect(parsed.header).to.equal(undefined);
    expect(parsed.lines).to.have.length(1);
    expect(parsed.rejected[0]?.reason).to.equal('数量不是数字：“数量”');
  });

  it('quantities: four decimals and trailing zeros are fine, more decimals or too large are not', () => {
    expect(readQuantity('0.0001')).to.deep.equal({ quantity: 0.0001 });
    expect(readQuantity('2.50000')).to.deep.equal({ quantity: 2.5 });
    expect(readQuantity('.5')).to.deep.equal({ quantity: 0.5 });
    expect(readQuantity('1e3')).to.have.property('reason');
    expect(readQuantity('2000000000')).to.have.property('reason');
  });
});
