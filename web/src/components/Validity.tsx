import { validityEnd } from '../format';

const WHOLE = { whiteSpace: 'nowrap' } as const;

/** A price's validity on screen, as `formatValidity` writes it, where a narrow cell breaks at 至 and never inside a day. */
export function Validity({ from, to }: { from: string; to: string | null }) {
  return (
    <>
      <span style={WHOLE}>{from}</span> 至 <span style={WHOLE}>{validityEnd(to)}</span>
    </>
  );
}
