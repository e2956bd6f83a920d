import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AssetSource, OrderDirection, WalletType } from '../codes.js';
import { ledgerKindSchema } from '../ledger-kind.js';
import {
  affordableQuantity,
  closeEstimate,
  convertMinor,
  floatingPnlMinor,
  LedgerKind,
  liquidationPrice,
  liquidationReached,
  MARGIN_RATIO_CAP,
  marginRatio,
  orderCosts,
  walletOfSource,
} from './index.js';

const eurusd = { multiplier: 1000, rate: 1, feeRate: 0.0001, minFee: 0.5 };

describe('orderCosts', () => {
  it('computes notional, margin (up) and fee (half up) in minor units from exact decimals', () => {
    // 0.1 × 3 is 0.30000000000000004 as a float; exactly 30 cents here.
    expect(orderCosts({ price: 0.1, quantity: 3, multiplier: 1, rate: 1, leverage: 1, feeRate: 0, minFee: 0 })).toEqual({
      notionalMinor: 30,
      marginMinor: 30,
      feeMinor: 0,
      totalMinor: 30,
    });
    // 1.08345 × 1 lot × 1000 = $1,083.45; at 100× margin 1083.45 cents → 1084; fee max($0.50, 10.8345¢ → 11¢).
    expect(orderCosts({ price: '1.08345', quantity: 1, leverage: 100, ...eurusd })).toEqual({ notionalMinor: 108345, marginMinor: 1084, feeMinor: 50, totalMinor: 1134 });
  });

  it('rounds a notional tie half up and a fee tie half up', () => {
    // 0.005 × 1 × 100 = 0.5 minor → 1; fee 1 × 0.5 = 0.5 → 1.
    expect(orderCosts({ price: '0.005', quantity: 1, multiplier: 1, rate: 1, leverage: 1, feeRate: '0.5', minFee: 0 })).toMatchObject({ notionalMinor: 1, feeMinor: 1 });
    // 0.004 → 0.4 minor → 0.
    expect(orderCosts({ price: '0.004', quantity: 1, multiplier: 1, rate: 1, leverage: 1, feeRate: 0, minFee: 0 }).notionalMinor).toBe(0);
  });

  it('takes the minimum fee when the percentage is smaller, and converts at the rate', () => {
    const c = orderCosts({ price: 600, quantity: 2, multiplier: 1, rate: '0.0309', leverage: 3, feeRate: '0.001425', minFee: 20 });
    // 600 × 2 × 0.0309 = 37.08 USD → 3708; margin ceil(1236) = 1236; fee max(2000, 5.28 → 5) = 2000.
    expect(c).toEqual({ notionalMinor: 3708, marginMinor: 1236, feeMinor: 2000, totalMinor: 3236 });
  });

  it('accepts decimal strings and numbers alike', () => {
    const a = orderCosts({ price: 187.23, quantity: 7, multiplier: 1, rate: 1, leverage: 5, feeRate: 0.0005, minFee: 1 });
    const b = orderCosts({ price: '187.23', quantity: '7', multiplier: '1', rate: '1', leverage: '5', feeRate: '0.0005', minFee: '1' });
    expect(a).toEqual(b);
    expect(a).toEqual({ notionalMinor: 131061, marginMinor: 26213, feeMinor: 100, totalMinor: 26313 });
  });
});

describe('floatingPnlMinor and closeEstimate', () => {
  it('signs profit by direction and rounds half up', () => {
    const base = { openPrice: '100.00', exitPrice: '101.005', quantity: 1, multiplier: 1, rate: 1 };
    expect(floatingPnlMinor({ ...base, direction: OrderDirection.Buy })).toBe(101); // 100.5 → 101
    expect(floatingPnlMinor({ ...base, direction: OrderDirection.Sell })).toBe(-101); // −100.5 → −101 (a tie away from zero)
  });

  it('never books a loss beyond the released margin and charges the fee from what is left', () => {
    const e = closeEstimate({
      direction: OrderDirection.Buy,
      openPrice: 100,
      exitPrice: 80,
      positionQuantity: 10,
      quantity: 5,
      marginMinor: 10_001,
      multiplier: 1,
      rate: 1,
      feeRate: 0.0005,
      minFee: 1,
    });
    // Released 10001 × 5/10 = 5000.5 → 5001; loss 10000 ≤ 5001 → 5001 booked; nothing left for the fee.
    expect(e).toEqual({ releasedMinor: 5001, pnlMinor: -5001, feeMinor: 0, realisedMinor: -5001, creditMinor: 0 });
    const full = closeEstimate({ direction: OrderDirection.Sell, openPrice: 100, exitPrice: 99, positionQuantity: 3, quantity: 3, marginMinor: 6000, multiplier: 1, rate: 1, feeRate: 0.0005, minFee: 1 });
    expect(full).toEqual({ releasedMinor: 6000, pnlMinor: 300, feeMinor: 100, realisedMinor: 200, creditMinor: 6200 });
    expect(() => closeEstimate({ ...full, direction: 0, openPrice: 1, exitPrice: 1, positionQuantity: 1, quantity: 2, marginMinor: 1, multiplier: 1, rate: 1, feeRate: 0, minFee: 0 })).toThrow();
  });
});

describe('affordableQuantity', () => {
  it('is the largest whole-step quantity whose margin and fee fit the budget', () => {
    const input = { price: 187.23, multiplier: 1, rate: 1, leverage: 5, feeRate: 0.0005, minFee: 1, step: 1 };
    for (const budget of [0, 99, 3_845, 26_313, 26_312, 1_000_000]) {
      const q = affordableQuantity({ ...input, budgetMinor: budget });
      if (q > 0) expect(orderCosts({ ...input, quantity: q }).totalMinor).toBeLessThanOrEqual(budget);
      expect(orderCosts({ ...input, quantity: q + 1 }).totalMinor).toBeGreaterThan(budget);
    }
    expect(affordableQuantity({ ...input, budgetMinor: 26_313 })).toBe(7);
    expect(affordableQuantity({ ...input, budgetMinor: 26_312 })).toBe(6);
    expect(affordableQuantity({ ...input, step: 1000, budgetMinor: 26_313 })).toBe(0);
  });
});

describe('liquidationPrice', () => {
  const long = { direction: OrderDirection.Buy, openPrice: '1.08345', quantity: 1, multiplier: 1000, rate: 1, marginMinor: 1084, maintenanceRatio: 0.2, tickSize: '0.00001' };

  it('solves equity = margin × maintenance for a long and rounds up to the tick', () => {
    // room = 1084 × 0.8 / 100000 = 0.008672 → 1.074778 → up to 1.07478.
    expect(liquidationPrice(long)).toBe(1.07478);
  });

  it('solves it for a short and rounds down to the tick', () => {
    // 1.08345 + 0.008672 = 1.092122 → down to 1.09212.
    expect(liquidationPrice({ ...long, direction: OrderDirection.Sell })).toBe(1.09212);
  });

  it('moves away from the price when margin is added', () => {
    const more = liquidationPrice({ ...long, marginMinor: 1084 + 5000 });
    expect(more).toBeLessThan(liquidationPrice(long) ?? 0);
    // room = 6084 × 0.8 / 100000 = 0.048672 → 1.034778 → 1.03478.
    expect(more).toBe(1.03478);
  });

  it('is null when no positive price reaches it (a long whose margin covers the whole fall)', () => {
    // At 1× the long still liquidates at 20 % of its price: equity is then the maintenance level.
    expect(liquidationPrice({ ...long, marginMinor: 108_345 })).toBe(0.21669);
    expect(liquidationPrice({ ...long, marginMinor: 108_345, maintenanceRatio: 0 })).toBeNull();
    expect(liquidationPrice({ ...long, marginMinor: 135_432 })).toBeNull();
    expect(liquidationPrice({ ...long, quantity: 0 })).toBeNull();
  });

  it('is reached at the shown price and not a tick before (the engine test in price terms)', () => {
    const price = liquidationPrice(long) ?? 0;
    expect(liquidationReached(long.direction, price, price)).toBe(true);
    expect(liquidationReached(long.direction, '1.07479', price)).toBe(false);
    // At the exact equity rule the price is at or below the tick-rounded one, within one tick.
    const tick = 0.00001;
    const pnlAt = (p: number) => floatingPnlMinor({ direction: 0, openPrice: long.openPrice, exitPrice: p, quantity: 1, multiplier: 1000, rate: 1 });
    expect(long.marginMinor + pnlAt(Number((price - tick).toFixed(5)))).toBeLessThanOrEqual(long.marginMinor * 0.2);
    const short = { ...long, direction: OrderDirection.Sell };
    const shortPrice = liquidationPrice(short) ?? 0;
    expect(liquidationReached(short.direction, shortPrice, shortPrice)).toBe(true);
    expect(liquidationReached(short.direction, '1.09211', shortPrice)).toBe(false);
  });

  it('compares a price given as a number exactly as its decimal text', () => {
    const price = fc.oneof(fc.double({ min: 0, max: 1e7, noNaN: true }), fc.integer({ min: 0, max: 10 ** 7 }).map((n) => n / 10 ** 5));
    fc.assert(
      fc.property(fc.constantFrom(0, 1), price, price, (direction, exit, liquidation) => {
        expect(liquidationReached(direction, exit, liquidation)).toBe(liquidationReached(direction, String(exit), liquidation));
      }),
      { numRuns: 2000 },
    );
    expect(() => liquidationReached(0, Number.NaN, 1)).toThrow(RangeError);
  });
});

describe('marginRatio', () => {
  it('is maintenance ÷ equity in percent, rounded down to 2 decimals, capped when equity is gone', () => {
    expect(marginRatio({ marginMinor: 1000, floatingPnlMinor: 0, maintenanceRatio: 0.2 })).toBe(20);
    expect(marginRatio({ marginMinor: 1000, floatingPnlMinor: -800, maintenanceRatio: 0.2 })).toBe(100);
    expect(marginRatio({ marginMinor: 1000, floatingPnlMinor: -1, maintenanceRatio: 0.2 })).toBe(20.02); // 20.0200… down
    expect(marginRatio({ marginMinor: 3000, floatingPnlMinor: 0, maintenanceRatio: '0.3333' })).toBe(33.33);
    expect(marginRatio({ marginMinor: 1000, floatingPnlMinor: -1000, maintenanceRatio: 0.2 })).toBe(MARGIN_RATIO_CAP);
    expect(marginRatio({ marginMinor: 1000, floatingPnlMinor: -999, maintenanceRatio: 0.2 })).toBe(MARGIN_RATIO_CAP);
  });
});

describe('walletOfSource and LedgerKind', () => {
  it('maps each source to its wallet', () => {
    expect(walletOfSource(AssetSource.Stock)).toEqual({ walletType: WalletType.STOCK, currency: 'USD' });
    expect(walletOfSource(AssetSource.GlobalIndex)).toEqual({ walletType: WalletType.STOCK, currency: 'USD' });
    expect(walletOfSource(AssetSource.BlockTrade)).toEqual({ walletType: WalletType.STOCK, currency: 'USD' });
    expect(walletOfSource(AssetSource.Future)).toEqual({ walletType: WalletType.FUTURE, currency: 'USD' });
    expect(walletOfSource(AssetSource.Forex)).toEqual({ walletType: WalletType.FOREX, currency: 'USD' });
    expect(walletOfSource(AssetSource.TwStock)).toEqual({ walletType: WalletType.TW, currency: 'TWD' });
  });

  it('types the wire kind with the enum', () => {
    expect(ledgerKindSchema.parse(LedgerKind.OrderClose)).toBe('order-close');
    expect(ledgerKindSchema.safeParse('take_profit').success).toBe(false);
  });
});

describe('convertMinor', () => {
  it('converts exactly and rounds down', () => {
    // 0.1 × 3 would be 0.30000000000000004 in floats; 1000 minor × 0.0309 = 30.9 → 30.
    expect(convertMinor(1000, '0.0309')).toBe(30);
    expect(convertMinor(10_000, 32.4)).toBe(324_000);
    expect(convertMinor(3, 0.1)).toBe(0);
  });
});
