import type { FundingOverview, Order, Page, Position, TradingRules, Transfer, WalletBalance, WalletBillItem } from '@tradewind/contract';

/** Trading rules of US stocks as the server's defaults give them. */
export function sampleRules(overrides: Partial<TradingRules> = {}): TradingRules {
  return { source: 0, minCount: 1, step: 1, leverageMax: 10, feeRate: 0.0005, minFee: 1, multiplier: 1, currency: 'USD', maintenanceRatio: 0.2, tickSize: 0.01, ...overrides };
}

export function sampleWallet(overrides: Partial<WalletBalance> = {}): WalletBalance {
  return { walletType: 'STOCK', currency: 'USD', balance: 10_000, available: 10_000, frozen: 0, ...overrides };
}

export function sampleOverview(overrides: Partial<FundingOverview> = {}): FundingOverview {
  return {
    thisDate: '2025-01-02',
    todayProfit: 12.3,
    totalAssets: 15_012.3,
    available: 14_600,
    frozen: 0,
    positionMargin: 400,
    floatingProfit: 12.3,
    ...overrides,
  };
}

export function samplePosition(overrides: Partial<Position> = {}): Position {
  return {
    id: 7,
    stockCode: 'AAPL',
    name: 'Apple Inc',
    market: 'NASDAQ',
    source: 0,
    direction: 0,
    positionNum: 10,
    openPrice: 189.4,
    nowPrice: 190.63,
    leverage: 5,
    isolatedPosition: 378.8,
    profit: 12.3,
    zdf: 3.25,
    sellProfit: 0,
    currency: 'USD',
    liquidationEquity: 75.76,
    liquidationPrice: 159.1,
    marginRatio: 19.37,
    status: 'open',
    expiresTimestamp: null,
    contract: null,
    takeProfit: null,
    stopLoss: null,
    createTimeTimestamp: 1_735_800_000,
    modifyTimeTimestamp: 1_735_800_000,
    ...overrides,
  };
}

export function sampleOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 31,
    stockCode: 'AAPL',
    name: 'Apple Inc',
    market: 'NASDAQ',
    source: 0,
    direction: 0,
    orderType: 0,
    openClose: 0,
    status: 1,
    price: null,
    triggerPrice: null,
    triggered: false,
    quantity: 10,
    leverage: 5,
    fillPrice: 189.4,
    fee: 1,
    margin: 378.8,
    currency: 'USD',
    positionId: 7,
    profit: null,
    takeProfit: null,
    stopLoss: null,
    contract: null,
    timeInForce: null,
    expiresTimestamp: null,
    expired: false,
    createTimeTimestamp: 1_735_800_000,
    modifyTimeTimestamp: 1_735_800_000,
    ...overrides,
  };
}

export function sampleTransfer(overrides: Partial<Transfer> = {}): Transfer {
  return {
    id: 5,
    status: 'pending',
    fromWallet: 'BALANCE',
    toWallet: 'STOCK',
    currency: 'USD',
    amount: 100,
    toCurrency: 'USD',
    toAmount: 100,
    rate: 1,
    createTimeTimestamp: 1_735_800_000,
    settleTimeTimestamp: 1_735_800_030,
    ...overrides,
  };
}

export function sampleBillItem(overrides: Partial<WalletBillItem> = {}): WalletBillItem {
  return {
    id: 1,
    walletType: 'STOCK',
    currency: 'USD',
    amount: -379.8,
    kind: 'order-open',
    memo: 'Buy 10 AAPL @ 189.4',
    referenceType: 'order',
    referenceId: 31,
    createTimeTimestamp: 1_735_800_000,
    createTime: '01-02-2025 06:40:00',
    ...overrides,
  };
}

export function page<T>(list: T[], overrides: Partial<Page<T>> = {}): Page<T> {
  return { list, total: list.length, pageNum: 1, pageSize: 20, ...overrides };
}
