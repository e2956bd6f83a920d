import { addDays, isWeekend } from '../calendar/zoned-time.js';

/** Standard futures month codes, January to December. */
export const MONTH_CODES = 'FGHJKMNQUVXZ';

export const lastTradeRules = [
  'third-last-business-day',
  'business-day-before-15th',
  'crude-oil',
  'third-last-business-day-prior-month',
  'last-business-day-prior-month',
  'last-business-day',
] as const;
export type LastTradeRule = (typeof lastTradeRules)[number];

export interface ContractMonth {
  code: string;
  year: number;
  /** 1–12 */
  month: number;
  lastTradeDate: string;
}

type BusinessDay = (date: string) => boolean;

const pad = (n: number) => String(n).padStart(2, '0');
const monthStart = (year: number, month: number) => `${year}-${pad(month)}-01`;

function shiftMonth(year: number, month: number, by: number): [number, number] {
  const index = year * 12 + (month - 1) + by;
  return [Math.floor(index / 12), (index % 12) + 1];
}

function lastDayOfMonth(year: number, month: number): string {
  const [nextYear, nextMonth] = shiftMonth(year, month, 1);
  return addDays(monthStart(nextYear, nextMonth), -1);
}

function stepBusinessDays(date: string, count: number, isBusinessDay: BusinessDay): string {
  let current = date;
  let remaining = count;
  while (remaining > 0) {
    current = addDays(current, -1);
    if (isBusinessDay(current)) remaining--;
  }
  return current;
}

function onOrBefore(date: string, isBusinessDay: BusinessDay): string {
  return isBusinessDay(date) ? date : stepBusinessDays(date, 1, isBusinessDay);
}

/** The nth-last business day of a month (n = 1 is the last). */
function nthLastBusinessDay(year: number, month: number, n: number, isBusinessDay: BusinessDay): string {
  const last = onOrBefore(lastDayOfMonth(year, month), isBusinessDay);
  return n === 1 ? last : stepBusinessDays(last, n - 1, isBusinessDay);
}

/** The last trading date of a contract month under the exchange's rule (CME Group rule texts). */
export function lastTradeDate(rule: LastTradeRule, year: number, month: number, isBusinessDay: BusinessDay): string {
  const [priorYear, priorMonth] = shiftMonth(year, month, -1);
  switch (rule) {
    case 'third-last-business-day':
      return nthLastBusinessDay(year, month, 3, isBusinessDay);
    case 'business-day-before-15th':
      return stepBusinessDays(`${year}-${pad(month)}-15`, 1, isBusinessDay);
    case 'crude-oil':
      return stepBusinessDays(onOrBefore(`${priorYear}-${pad(priorMonth)}-25`, isBusinessDay), 3, isBusinessDay);
    case 'third-last-business-day-prior-month':
      return nthLastBusinessDay(priorYear, priorMonth, 3, isBusinessDay);
    case 'last-business-day-prior-month':
      return nthLastBusinessDay(priorYear, priorMonth, 1, isBusinessDay);
    case 'last-business-day':
      return nthLastBusinessDay(year, month, 1, isBusinessDay);
  }
}

/** The next `count` listed contracts still trading on `today`, front month first. */
export function upcomingContracts(
  root: string,
  months: string,
  rule: LastTradeRule,
  today: string,
  count: number,
  isBusinessDay: BusinessDay = (date) => !isWeekend(date),
): ContractMonth[] {
  const contracts: ContractMonth[] = [];
  let [year, month] = shiftMonth(Number(today.slice(0, 4)), Number(today.slice(5, 7)), -1);
  for (let guard = 0; contracts.length < count && guard < 240; guard++) {
    const letter = MONTH_CODES[month - 1] ?? '';
    if (months.includes(letter)) {
      const last = lastTradeDate(rule, year, month, isBusinessDay);
      if (last >= today) contracts.push({ code: `${root}${letter}${String(year).slice(2)}`, year, month, lastTradeDate: last });
    }
    [year, month] = shiftMonth(year, month, 1);
  }
  return contracts;
}
