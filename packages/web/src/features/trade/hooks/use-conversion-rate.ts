import { AssetSource } from '@tradewind/contract';
import { useLiveQuote } from '../../../api/realtime/use-live-quotes';
import { useInstrumentQuote } from '../api/get-instrument-quote';

/**
 * Units of `to` per unit of `from` at the live forex rate (the pair `FROMTO`, or `TOFROM` inverted),
 * as the server converts an instrument's price into its wallet's currency. Undefined while unknown.
 */
export function useConversionRate(from: string | undefined, to: string): number | undefined {
  const needed = from !== undefined && from !== to;
  const direct = useInstrumentQuote({ code: `${from ?? ''}${to}`, source: AssetSource.Forex }, needed);
  const inverse = useInstrumentQuote({ code: `${to}${from ?? ''}`, source: AssetSource.Forex }, needed && direct.isError);
  const liveDirect = useLiveQuote(needed ? direct.data : undefined);
  const liveInverse = useLiveQuote(needed ? inverse.data : undefined);
  if (from === undefined) return undefined;
  if (from === to) return 1;
  if (liveDirect && liveDirect.price_nominal > 0) return liveDirect.price_nominal;
  if (liveInverse && liveInverse.price_nominal > 0) return 1 / liveInverse.price_nominal;
  return undefined;
}
