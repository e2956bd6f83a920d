import { readFileSync } from 'node:fs';
import path from 'node:path';
import type {
  FuturesGroup, FuturesQuoteUnit} from '@tradewind/contract';
import {
  AssetSource,
  Classify,
  MarketType,
  futuresGroups,
  futuresQuoteUnits,
  localLogoPath,
  symbolKey,
  usExchanges,
  type QuoteSource,
} from '@tradewind/contract';
import type { TradingCalendar } from '../calendar/calendar.js';
import { buildCalendars, type Calendars } from '../calendar/calendars.js';
import { numberField, parseCsv, textField } from './csv.js';
import { MONTH_CODES, lastTradeRules, type LastTradeRule } from './futures-expiry.js';
import { serverPackageRoot } from '../../../lib/package-root.js';

export const INSTRUMENTS_DIR = path.join(serverPackageRoot(), 'instruments');

export interface FuturesSpec {
  group: FuturesGroup;
  exchange: string;
  months: string;
  lastTradeRule: LastTradeRule;
  contractSize: number;
  unit: string;
  tickSize: number;
  /** Prices are in dollars, or in US cents (corn: cents per bushel), per `unit`. */
  quotedIn: FuturesQuoteUnit;
}

export interface Instrument {
  key: string;
  source: QuoteSource;
  code: string;
  name: string;
  market: string;
  marketType: MarketType;
  classify: Classify;
  currency: string;
  precision: number;
  /** The price the simulator's history starts from. */
  referencePrice: number;
  sector: string | null;
  sharesOutstanding: number | null;
  calendar: TradingCalendar;
  localLogoUrl: string;
  profile: string;
  futures: FuturesSpec | null;
}

export interface InstrumentCatalog {
  all: readonly Instrument[];
  get(source: number, code: string): Instrument | undefined;
  /** By code, narrowed by market or source when given; a stock wins over a same-named futures root. */
  find(code: string, filter?: { market?: string; source?: number }): Instrument | undefined;
}

const sectors = [
  'Technology',
  'Healthcare',
  'Financials',
  'Consumer Discretionary',
  'Consumer Staples',
  'Energy',
  'Industrials',
  'Materials',
  'Utilities',
  'Real Estate',
  'Communication Services',
  'ETF',
] as const;

const decimalsOf = (n: number) => (String(n).split('.')[1] ?? '').length;
const read = (dir: string, file: string, header: readonly string[]) =>
  parseCsv(readFileSync(path.join(dir, file), 'utf8'), file, header);

function loadHolidays(dir: string): Map<string, Map<string, string>> {
  const byMarket = new Map<string, Map<string, string>>();
  for (const row of read(dir, 'holidays.csv', ['market', 'date', 'name'])) {
    const market = textField(row, 'market', 'holidays.csv', ['US', 'TW']);
    const date = textField(row, 'date', 'holidays.csv');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`holidays.csv line ${row.line}: date must be YYYY-MM-DD (got "${date}")`);
    const days = byMarket.get(market) ?? new Map<string, string>();
    days.set(date, textField(row, 'name', 'holidays.csv'));
    byMarket.set(market, days);
  }
  return byMarket;
}

function base(source: QuoteSource, code: string) {
  return { key: symbolKey({ source, code }), source, code, localLogoUrl: localLogoPath(source, code) };
}

/** US stocks (`us-stocks.csv`). */
function usStocks(dir: string, calendars: Calendars): Instrument[] {
  return read(dir, 'us-stocks.csv', ['code', 'name', 'exchange', 'sector', 'sharesOutstanding', 'price']).map((row): Instrument => {
    const f = 'us-stocks.csv';
    const price = numberField(row, 'price', f, { positive: true });
    const exchange = textField(row, 'exchange', f, usExchanges);
    const sector = textField(row, 'sector', f, sectors);
    return {
      ...base(AssetSource.Stock, textField(row, 'code', f)),
      name: textField(row, 'name', f),
      market: exchange,
      marketType: MarketType.US,
      classify: Classify.UsStock,
      currency: 'USD',
      precision: price < 1 ? 4 : 2,
      referencePrice: price,
      sector,
      sharesOutstanding: Math.round(numberField(row, 'sharesOutstanding', f, { positive: true })),
      calendar: calendars.us,
      profile: `${sector} · ${exchange}`,
      futures: null,
    };
  });
}

/** Taiwan (TWSE) stocks (`tw-stocks.csv`). */
function twStocks(dir: string, calendars: Calendars): Instrument[] {
  return read(dir, 'tw-stocks.csv', ['code', 'name', 'sector', 'sharesOutstanding', 'price']).map((row): Instrument => {
    const f = 'tw-stocks.csv';
    const sector = textField(row, 'sector', f, sectors);
    return {
      ...base(AssetSource.TwStock, textField(row, 'code', f)),
      name: textField(row, 'name', f),
      market: 'TWSE',
      marketType: MarketType.TW,
      classify: Classify.TwStock,
      currency: 'TWD',
      precision: 2,
      referencePrice: numberField(row, 'price', f, { positive: true }),
      sector,
      sharesOutstanding: Math.round(numberField(row, 'sharesOutstanding', f, { positive: true })),
      calendar: calendars.tw,
      profile: `${sector} · TWSE`,
      futures: null,
    };
  });
}

/** Global indices (`indices.csv`). */
function indices(dir: string, calendars: Calendars): Instrument[] {
  return read(dir, 'indices.csv', ['code', 'name', 'region', 'currency', 'price']).map((row): Instrument => {
    const f = 'indices.csv';
    const code = textField(row, 'code', f);
    const region = textField(row, 'region', f, ['Americas', 'Europe', 'Asia-Pacific']);
    return {
      ...base(AssetSource.GlobalIndex, code),
      name: textField(row, 'name', f),
      market: 'INDEX',
      marketType: MarketType.Index,
      classify: Classify.GlobalIndex,
      currency: textField(row, 'currency', f),
      precision: 2,
      referencePrice: numberField(row, 'price', f, { positive: true }),
      sector: null,
      sharesOutstanding: null,
      calendar: calendars.index(code, region),
      profile: `Index · ${region}`,
      futures: null,
    };
  });
}

/** Futures roots (`futures.csv`). */
function futures(dir: string, calendars: Calendars): Instrument[] {
  const header = ['root', 'name', 'group', 'exchange', 'currency', 'months', 'lastTradeRule', 'contractSize', 'unit', 'tickSize', 'price', 'quotedIn'];
  return read(dir, 'futures.csv', header).map((row): Instrument => {
    const f = 'futures.csv';
    const months = textField(row, 'months', f);
    if (![...months].every((m) => MONTH_CODES.includes(m))) {
      throw new Error(`${f} line ${row.line}: months must be month codes ${MONTH_CODES} (got "${months}")`);
    }
    const tickSize = numberField(row, 'tickSize', f, { positive: true });
    const group = textField(row, 'group', f, futuresGroups) as FuturesGroup;
    const exchange = textField(row, 'exchange', f);
    return {
      ...base(AssetSource.Future, textField(row, 'root', f)),
      name: textField(row, 'name', f),
      market: exchange,
      marketType: MarketType.Futures,
      classify: Classify.Future,
      currency: textField(row, 'currency', f),
      precision: Math.max(2, decimalsOf(tickSize)),
      referencePrice: numberField(row, 'price', f, { positive: true }),
      sector: null,
      sharesOutstanding: null,
      calendar: calendars.futures,
      profile: `Futures · ${group} · ${exchange}`,
      futures: {
        group,
        exchange,
        months,
        lastTradeRule: textField(row, 'lastTradeRule', f, lastTradeRules) as LastTradeRule,
        contractSize: numberField(row, 'contractSize', f, { positive: true }),
        unit: textField(row, 'unit', f),
        tickSize,
        quotedIn: textField(row, 'quotedIn', f, futuresQuoteUnits) as FuturesQuoteUnit,
      },
    };
  });
}

/** Currency pairs (`forex.csv`). */
function forexPairs(dir: string, calendars: Calendars): Instrument[] {
  return read(dir, 'forex.csv', ['code', 'name', 'base', 'quote', 'decimals', 'price']).map((row): Instrument => {
    const f = 'forex.csv';
    return {
      ...base(AssetSource.Forex, textField(row, 'code', f)),
      name: textField(row, 'name', f),
      market: 'FX',
      marketType: MarketType.Forex,
      classify: Classify.Forex,
      currency: textField(row, 'quote', f),
      precision: numberField(row, 'decimals', f),
      referencePrice: numberField(row, 'price', f, { positive: true }),
      sector: null,
      sharesOutstanding: null,
      calendar: calendars.forex,
      profile: `Forex · ${textField(row, 'base', f)}/${textField(row, 'quote', f)}`,
      futures: null,
    };
  });
}

export interface LoadOptions {
  dir?: string;
  alwaysOpen: boolean;
  /** Keep only these codes (tests and benchmarks run on a subset). */
  only?: ReadonlySet<string>;
}

/** Reads the instrument master; a bad row stops the start with file, line and column. */
export function loadInstruments(options: LoadOptions): { catalog: InstrumentCatalog; calendars: Calendars } {
  const dir = options.dir ?? INSTRUMENTS_DIR;
  const calendars = buildCalendars(loadHolidays(dir), options.alwaysOpen);
  const list = [
    ...usStocks(dir, calendars),
    ...twStocks(dir, calendars),
    ...indices(dir, calendars),
    ...futures(dir, calendars),
    ...forexPairs(dir, calendars),
  ];
  const chosen = options.only ? list.filter((i) => options.only?.has(i.code)) : list;
  return { catalog: createCatalog(chosen), calendars };
}

const sourcePreference: readonly number[] = [AssetSource.Stock, AssetSource.TwStock, AssetSource.GlobalIndex, AssetSource.Forex, AssetSource.Future];

export function createCatalog(list: readonly Instrument[]): InstrumentCatalog {
  const byKey = new Map<string, Instrument>();
  const byCode = new Map<string, Instrument[]>();
  for (const instrument of list) {
    if (byKey.has(instrument.key)) throw new Error(`instrument ${instrument.code} (source ${instrument.source}) is listed twice`);
    byKey.set(instrument.key, instrument);
    byCode.set(instrument.code, [...(byCode.get(instrument.code) ?? []), instrument]);
  }
  for (const candidates of byCode.values()) {
    candidates.sort((a, b) => sourcePreference.indexOf(a.source) - sourcePreference.indexOf(b.source));
  }
  return {
    all: list,
    get: (source, code) => byKey.get(symbolKey({ source, code })),
    find(code, filter = {}) {
      const matches = (i: Instrument) =>
        (filter.source === undefined || i.source === filter.source) && (filter.market === undefined || i.market === filter.market);
      const direct = byCode.get(code)?.find(matches);
      if (direct) return direct;
      // A futures contract month (GCG27) quotes on its root's series.
      const contract = /^([A-Z0-9]+)([FGHJKMNQUVXZ])(\d{2})$/.exec(code);
      const root = contract ? byKey.get(symbolKey({ source: AssetSource.Future, code: contract[1] ?? '' })) : undefined;
      return root?.futures?.months.includes(contract?.[2] ?? '') && matches(root) ? root : undefined;
    },
  };
}
