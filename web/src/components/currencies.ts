import { useEffect, useState } from 'react';
import { queryExchangeRates, type ExchangeRateRow } from '../api/services';

/** A day after every rate: the exchange-rate list's `on` then answers each currency's latest row. */
const EVER = '9999-12-31';

/** What the page offers while the table's answer has not come (or failed): the demo's and the trade's usual three. */
const USUAL = ['EUR', 'JPY', 'USD'];

let known: Promise<string[]> | undefined;

/** Every currency the exchange-rate table has ever had a rate for, by code; asked once a visit. */
function knownCurrencies(): Promise<string[]> {
  known ??= queryExchangeRates({ on: EVER, pageSize: 200, sort: { currency: 'ascend' } }).then(
    (page) => page.data.map((r: ExchangeRateRow) => r.currency),
    (err: unknown) => {
      known = undefined;
      throw err;
    },
  );
  return known;
}

/** The foreign currencies the exchange-rate table knows (never CNY), in code order. */
export function useKnownCurrencies(): string[] {
  const [codes, setCodes] = useState<string[]>(USUAL);
  useEffect(() => {
    let live = true;
    knownCurrencies().then(
      (list) => live && list.length > 0 && setCodes(list.filter((c) => c !== 'CNY')),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return codes;
}
