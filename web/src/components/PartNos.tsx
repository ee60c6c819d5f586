import { Alert, Input, Typography } from 'antd';
import { PART_NO_NOT_FOUND } from '../labels';
import { MAX_PART_NOS, readPartNos } from '../part-nos';
import type { ListFilter } from './list-filters';

const count = (n: number) => n.toLocaleString('zh-CN');

interface PartNosInputProps {
  id?: string;
  value?: string | string[];
  onChange?: (value: string) => void;
}

/**
 * The field, and under it, as the clerk types or pastes, how many codes it read and the repeats
 * merged. Not antd's `extra`: the form item measures that note's height in a layout effect, which
 * makes the browser lay out the whole page while the list first renders.
 */
function PartNosInput({ id, value, onChange }: PartNosInputProps) {
  const { codes, repeats } = readPartNos(value);
  return (
    <>
      <Input
        id={id}
        value={Array.isArray(value) ? value.join(' ') : value}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder="粘贴 Excel 中的一列物料编码（精确匹配）"
        allowClear
      />
      {codes.length > 0 && (
        <Typography.Text type="secondary" data-testid="part-nos-count" style={{ display: 'block', marginTop: 4 }}>
          已识别 {count(codes.length)} 个编码
          {/* In a narrow search column the note goes to the next line whole. */}
          {repeats > 0 && <span style={{ display: 'inline-block' }}>（重复 {count(repeats)} 个已合并）</span>}
        </Typography.Text>
      )}
    </>
  );
}

/**
 * 批量物料编码, the `partNos` filter of both lists: a column pasted from Excel, or codes separated by
 * tabs, commas, 、 or spaces. Over the API's 1,000 the form refuses to submit, so nothing is sent.
 */
export function partNosFilter(): ListFilter {
  return {
    name: 'partNos',
    label: '批量物料编码',
    // A one-line input: a pasted column arrives with its line breaks turned into spaces, which separate codes as well.
    input: <PartNosInput />,
    rules: [
      {
        validator: (_: unknown, value: string | string[] | undefined) =>
          readPartNos(value).codes.length > MAX_PART_NOS
            ? Promise.reject(new Error(`一次最多查询 ${count(MAX_PART_NOS)} 个编码，请删减或分批查询`))
            : Promise.resolve(),
      },
    ],
  };
}

/** Which of the codes a list query sent have no row under its filters; `missing` once known. */
export interface PartNosCheck {
  codes: string[];
  missing?: string[];
  failed?: string;
}

/** Above the table after a query with 批量物料编码: the codes 未找到, to copy back into Excel. */
export function PartNosResult({ check }: { check: PartNosCheck }) {
  const { codes, missing, failed } = check;
  if (failed) return <Alert type="warning" showIcon message={`未能核对哪些编码没有记录：${failed}`} />;
  if (!missing) return <Alert type="info" showIcon message={`正在核对 ${count(codes.length)} 个编码中哪些没有记录…`} />;
  if (missing.length === 0) {
    return <Alert type="success" showIcon message={`${count(codes.length)} 个编码在当前查询条件下都有记录`} />;
  }
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="part-nos-missing"
      message={`${PART_NO_NOT_FOUND} ${count(missing.length)} 个编码（共 ${count(codes.length)} 个）：当前查询条件下没有以下编码的记录`}
      description={
        // A code is never broken at its hyphens; a long list scrolls instead of pushing the table down.
        <div data-testid="part-nos-missing-codes" style={{ maxHeight: 110, overflowY: 'auto' }}>
          {missing.map((code, i) => (
            <span key={code}>
              {i > 0 && '、'}
              <span style={{ whiteSpace: 'nowrap' }}>{code}</span>
            </span>
          ))}
        </div>
      }
      action={<Typography.Text copyable={{ text: missing.join('\n'), tooltips: ['复制未找到的编码（每行一个）', '已复制'] }} />}
    />
  );
}
