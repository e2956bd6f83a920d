import type { PaymentMethod } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import type { PaymentMethodRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './payment-methods.repository.js';

export type MethodInput =
  | { kind: 'bank'; bankName: string; accountName: string; cardNumber: string }
  | { kind: 'crypto'; currencyType: string; network: 'TRC20' | 'ERC20' | 'BTC'; address: string };

/** Address formats per network, so a typo is caught before money is sent to nowhere. */
const addressFormats: Record<'TRC20' | 'ERC20' | 'BTC', RegExp> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  BTC: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
};

export function checkMethod(input: MethodInput): MethodInput {
  if (input.kind === 'crypto' && !addressFormats[input.network].test(input.address)) {
    throw AppError.badRequest('card.addressInvalid', { network: input.network });
  }
  return input.kind === 'bank' ? { ...input, cardNumber: input.cardNumber.replace(/\s+/g, '') } : input;
}

export const mask = (value: string) => (value.length <= 4 ? value : `${'*'.repeat(Math.min(8, value.length - 4))}${value.slice(-4)}`);

export function toPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    kind: row.kind,
    bankName: row.bankName,
    accountName: row.accountName,
    cardNumber: row.cardNumber ? mask(row.cardNumber) : null,
    currencyType: row.currencyType,
    network: row.network,
    address: row.address,
    createTimeTimestamp: Math.floor(row.createdAt.getTime() / 1000),
  };
}

const columns = (input: MethodInput) =>
  input.kind === 'bank'
    ? { kind: input.kind, bankName: input.bankName, accountName: input.accountName, cardNumber: input.cardNumber, currencyType: null, network: null, address: null }
    : { kind: input.kind, bankName: null, accountName: null, cardNumber: null, currencyType: input.currencyType, network: input.network, address: input.address };

export async function listMethods(db: Database, userId: number): Promise<PaymentMethodRow[]> {
  return repo.liveMethods(db, userId);
}

export async function findMethod(db: Database, userId: number, id: number): Promise<PaymentMethodRow> {
  const row = await repo.findLiveMethod(db, userId, id);
  if (!row) throw AppError.notFound('card.notFound');
  return row;
}

export async function addMethod(db: Database, userId: number, input: MethodInput, now: Date): Promise<PaymentMethodRow> {
  return repo.insertMethod(db, { userId, ...columns(checkMethod(input)), createdAt: now });
}

export async function updateMethod(db: Database, userId: number, id: number, input: MethodInput): Promise<PaymentMethodRow> {
  await findMethod(db, userId, id);
  return repo.updateMethodRow(db, id, columns(checkMethod(input)));
}

/** Soft delete: past withdrawals keep pointing at what the user chose then. */
export async function deleteMethod(db: Database, userId: number, id: number, now: Date): Promise<void> {
  await findMethod(db, userId, id);
  await repo.updateMethodRow(db, id, { deletedAt: now });
}
