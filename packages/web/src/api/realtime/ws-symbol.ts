import { type WsSymbol, quoteSources } from '@tradewind/contract';

const CODE_PATTERN = /^[A-Z0-9.^=-]{1,20}$/;

/** The symbol the server knows an instrument by, or null when it has no live quotes (e.g. an IPO). */
export function toWsSymbol(source: number, code: string): WsSymbol | null {
  const normalized = code.trim().toUpperCase();
  if (!(quoteSources as readonly number[]).includes(source) || !CODE_PATTERN.test(normalized)) return null;
  return { source: source as WsSymbol['source'], code: normalized };
}
