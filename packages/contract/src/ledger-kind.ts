import { z } from 'zod';
import { ledgerKinds } from './pricing/ledger-kind.js';

/** The `kind` of a journal entry on the wire (wallet bill, statement): one of LedgerKind. */
export const ledgerKindSchema = z.enum(ledgerKinds);
