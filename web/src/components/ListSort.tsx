import { Select } from 'antd';
import type { SortOrder } from '../list-query';

type Sort = Record<string, SortOrder>;

/** How an order reads for a field: days from early to late, amounts from low to high, codes 升序. */
function orderWords(field: string): [string, string] {
  if (/At$|^valid/.test(field)) return ['从早到晚', '从晚到早'];
  if (/Price|Rate|rateToCny/i.test(field)) return ['从低到高', '从高到低'];
  return ['升序', '降序'];
}

const STYLE =
  '.list-sort { display: flex; align-items: center; gap: 8px; margin-bottom: 12px; } .list-sort > label { white-space: nowrap; }';

/**
 * 排序 on a phone, where the cards have no column headers to click: one field and its order (the
 * table's headers can sort by several). A sort of several fields, from the address or a view,
 * shows as it is until another is chosen.
 */
export function ListSort({ fields, sort, onSort }: { fields: { key: string; title: string }[]; sort: Sort; onSort: (sort: Sort) => void }) {
  const keys = Object.entries(sort);
  const title = (key: string) => fields.find((f) => f.key === key)?.title ?? key;
  const several = keys.length > 1;
  const value = several ? 'several' : keys.length === 1 ? `${keys[0]![0]}.${keys[0]![1]}` : '';
  const options = [
    { value: '', label: '默认排序' },
    ...(several
      ? [{ value: 'several', label: keys.map(([k, o]) => `${title(k)}${orderWords(k)[o === 'ascend' ? 0 : 1]}`).join('，') }]
      : []),
    ...fields.flatMap(({ key, title: name }) => {
      const [up, down] = orderWords(key);
      return [
        { value: `${key}.ascend`, label: `${name} ${up}` },
        { value: `${key}.descend`, label: `${name} ${down}` },
      ];
    }),
  ];
  const choose = (chosen: string) => {
    if (chosen === 'several') return;
    const [key, order] = chosen.split('.') as [string, SortOrder];
    onSort(chosen ? { [key]: order } : {});
  };
  return (
    <div className="list-sort" data-testid="list-sort">
      <style>{STYLE}</style>
      <label htmlFor="list-sort">排序</label>
      {/* A short list: every option drawn (not virtual), so the keyboard and a search find each. */}
      <Select id="list-sort" value={value} options={options} onChange={choose} virtual={false} style={{ flex: 1, minWidth: 0 }} />
    </div>
  );
}
