import type { RobotCreateBody } from '@tradewind/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RobotParamsForm, defaultValues } from './robot-params-form';

function renderForm(strategy: 'grid' | 'dca' | 'ma', initial = defaultValues(strategy, 100)) {
  const onBacktest = vi.fn<(body: RobotCreateBody) => void>();
  const onStart = vi.fn<(body: RobotCreateBody) => void>();
  render(<RobotParamsForm strategy={strategy} stockCode="AAPL" initial={initial} currency="USD" busy={false} onBacktest={onBacktest} onStart={onStart} />);
  return { onBacktest, onStart };
}

const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const errorOf = (label: string) => document.getElementById(`${field(label).id}-error`)?.textContent;

describe('robot parameter form', () => {
  it('starts a grid around the price and sends the parameters as the contract reads them', () => {
    const { onStart, onBacktest } = renderForm('grid');
    expect((field('Lower price') as HTMLInputElement).value).toBe('98');
    expect((field('Upper price') as HTMLInputElement).value).toBe('102');
    fireEvent.click(screen.getByRole('button', { name: 'Backtest' }));
    expect(onBacktest).toHaveBeenCalledWith({
      strategy: 'grid',
      stockCode: 'AAPL',
      amount: '5000',
      params: { lower: 98, upper: 102, grids: 10, amountPerGrid: '500' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Start robot' }));
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it('names each wrong field and sends nothing', () => {
    const { onStart, onBacktest } = renderForm('grid');
    type('Amount (USD, from the trading wallet)', '12.345');
    type('Lower price', '');
    type('Upper price', 'abc');
    type('Number of grids', '2.5');
    type('Amount per grid', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Start robot' }));
    expect(errorOf('Amount (USD, from the trading wallet)')).toBe('Enter an amount above 0 with at most 2 decimals');
    expect(errorOf('Lower price')).toBe('Enter a value');
    expect(errorOf('Upper price')).toBe('Enter a number');
    expect(errorOf('Number of grids')).toBe('Enter a whole number');
    expect(errorOf('Amount per grid')).toBe('Enter an amount above 0 with at most 2 decimals');
    fireEvent.click(screen.getByRole('button', { name: 'Backtest' }));
    expect(onStart).not.toHaveBeenCalled();
    expect(onBacktest).not.toHaveBeenCalled();
  });

  it('checks the fields against each other: upper above lower, a step within the amount, grids in range', () => {
    const { onStart } = renderForm('grid');
    type('Upper price', '97');
    type('Number of grids', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Start robot' }));
    expect(errorOf('Upper price')).toBe('The upper price must be above the lower price');
    expect(errorOf('Number of grids')).toBe('At least 2');
    type('Upper price', '103');
    type('Number of grids', '10');
    type('Amount per grid', '6000');
    fireEvent.click(screen.getByRole('button', { name: 'Start robot' }));
    expect(errorOf('Amount per grid')).toBe('Cannot be more than the robot’s amount');
    expect(onStart).not.toHaveBeenCalled();
    // Typing again clears the field's message.
    type('Amount per grid', '500');
    expect(errorOf('Amount per grid')).toBeUndefined();
  });

  it('moving-average periods: the long one must be longer', () => {
    const { onStart } = renderForm('ma');
    type('Short period (bars)', '30');
    fireEvent.click(screen.getByRole('button', { name: 'Start robot' }));
    expect(errorOf('Long period (bars)')).toBe('The long period must be longer than the short period');
    type('Short period (bars)', '5');
    fireEvent.change(screen.getByLabelText('Bar interval'), { target: { value: '5m' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start robot' }));
    expect(onStart).toHaveBeenCalledWith({
      strategy: 'ma',
      stockCode: 'AAPL',
      amount: '5000',
      params: { shortPeriod: 5, longPeriod: 20, barInterval: '5m', amountPerTrade: '2500' },
    });
  });

  it('dollar-cost averaging offers its intervals', () => {
    const { onBacktest } = renderForm('dca');
    expect(screen.getByRole('option', { name: '1 week' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Interval'), { target: { value: '1h' } });
    fireEvent.click(screen.getByRole('button', { name: 'Backtest' }));
    expect(onBacktest).toHaveBeenCalledWith({ strategy: 'dca', stockCode: 'AAPL', amount: '5000', params: { amountPerInterval: '500', interval: '1h' } });
  });
});
