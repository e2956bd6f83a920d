import { describe, expect, it } from 'vitest';
import { closeEstimate, halfQuantity, leverageChoices, orderCosts } from './order-math';

const stock = { multiplier: 1, rate: 1, feeRate: 0.0005, minFee: 1 };

describe('order preview', () => {
  it('notional, margin = notional / leverage, fee = max(min fee, notional × rate)', () => {
    expect(orderCosts({ ...stock, price: 189.32, quantity: 10, leverage: 5 })).toEqual({
      notional: 1893.2,
      margin: 378.64,
      fee: 1,
      total: 379.64,
    });
    // Above the minimum the fee is the rate: 200 × 100 × 0.0005 = 10.
    expect(orderCosts({ ...stock, price: 200, quantity: 100, leverage: 1 })).toEqual({ notional: 20000, margin: 20000, fee: 10, total: 20010 });
  });

  it('rounds the margin up to the cent, like the ledger', () => {
    expect(orderCosts({ ...stock, price: 10, quantity: 1, leverage: 3 })?.margin).toBe(3.34);
  });

  it('applies the contract multiplier and the currency rate', () => {
    // 2 gold contracts of 100 oz at 4232.5; USD/JPY lots of 1,000 priced in yen, converted to USD.
    expect(orderCosts({ price: 4232.5, quantity: 2, multiplier: 100, rate: 1, leverage: 20, feeRate: 0.0002, minFee: 2.5 })).toEqual({
      notional: 846500,
      margin: 42325,
      fee: 169.3,
      total: 42494.3,
    });
    expect(orderCosts({ price: 155.52, quantity: 3, multiplier: 1000, rate: 1 / 155.52, leverage: 100, feeRate: 0.0001, minFee: 0.5 })?.notional).toBe(3000);
  });

  it('has nothing to show until every input is a positive number', () => {
    expect(orderCosts({ ...stock, price: 10, quantity: 0, leverage: 1 })).toBeUndefined();
    expect(orderCosts({ ...stock, price: Number.NaN, quantity: 1, leverage: 1 })).toBeUndefined();
  });
});

describe('leverage and quantity helpers', () => {
  it('offers the usual steps up to the maximum, and the maximum', () => {
    expect(leverageChoices(10)).toEqual([1, 2, 3, 5, 10]);
    expect(leverageChoices(20)).toEqual([1, 2, 3, 5, 10, 20]);
    expect(leverageChoices(1)).toEqual([1]);
    expect(leverageChoices(30)).toEqual([1, 2, 3, 5, 10, 20, 25, 30]);
  });

  it('halves in whole steps', () => {
    expect(halfQuantity(10, 1)).toBe(5);
    expect(halfQuantity(7, 1)).toBe(3);
    expect(halfQuantity(1, 1)).toBe(0);
    expect(halfQuantity(5000, 1000)).toBe(2000);
  });
});

describe('close estimate', () => {
  // A long of 10 opened at 205, now 210: +5 a share.
  const position = { direction: 0, openPrice: 205, positionNum: 10, margin: 400, nowPrice: 210, ...stock };

  it('closes a share of the profit and margin, less the fee', () => {
    expect(closeEstimate({ ...position, quantity: 4 })).toEqual({ profit: 20, fee: 1, realised: 19, proceeds: 179 });
    expect(closeEstimate({ ...position, quantity: 10 })).toEqual({ profit: 50, fee: 1.05, realised: 48.95, proceeds: 448.95 });
    // A short gains when the price falls.
    expect(closeEstimate({ ...position, direction: 1, nowPrice: 200, quantity: 10 })).toEqual({ profit: 50, fee: 1, realised: 49, proceeds: 449 });
  });

  it('never loses more than the released margin', () => {
    expect(closeEstimate({ ...position, nowPrice: 115, quantity: 10 })).toEqual({ profit: -400, fee: 0, realised: -400, proceeds: 0 });
  });

  it('refuses more than the position holds', () => {
    expect(closeEstimate({ ...position, quantity: 11 })).toBeUndefined();
  });
});
