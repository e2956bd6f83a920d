import type { DepositChannel } from '@tradewind/contract';

/**
 * Where users send money. Receiving details are the broker's own; these are the demo house's
 * (replace them through configuration of a real deployment).
 */
export const depositChannels: readonly DepositChannel[] = [
  {
    id: 1,
    type: 'fiat',
    name: 'Bank transfer (USD)',
    currency: 'USD',
    asset: 'USD',
    network: null,
    address: null,
    bankName: 'First Harbor Bank',
    accountName: 'Tradewind Client Funds',
    accountNumber: '0004 5521 9087',
    swift: 'FHBKUS33',
    minAmount: 1,
  },
  {
    id: 2,
    type: 'fiat',
    name: 'SEPA transfer (EUR)',
    currency: 'EUR',
    asset: 'EUR',
    network: null,
    address: null,
    bankName: 'Nordhafen Bank',
    accountName: 'Tradewind Client Funds',
    accountNumber: 'DE89 3704 0044 0532 0130 00',
    swift: 'NHBKDEFF',
    minAmount: 1,
  },
  {
    id: 3,
    type: 'crypto',
    name: 'USDT (TRC20)',
    currency: 'USD',
    asset: 'USDT',
    network: 'TRC20',
    address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    bankName: null,
    accountName: null,
    accountNumber: null,
    swift: null,
    minAmount: 1,
  },
  {
    id: 4,
    type: 'crypto',
    name: 'USDC (ERC20)',
    currency: 'USD',
    asset: 'USDC',
    network: 'ERC20',
    address: '0x4E83362442B8d1beC281594CEa3050c8EB01311C',
    bankName: null,
    accountName: null,
    accountNumber: null,
    swift: null,
    minAmount: 1,
  },
];

export const findChannel = (id: number) => depositChannels.find((c) => c.id === id);
