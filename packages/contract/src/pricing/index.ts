/*
 * Exact pricing and risk (docs/ledger-and-trading.md, "Pricing module"): the server decides with
 * these functions and the web previews with them. No zod here, so the first paint can use them.
 */
export { dec, Decimal, MINOR_UNITS as PRICING_MINOR_UNITS, type DecimalInput } from './decimal.js';
export * from './order-costs.js';
export * from './risk.js';
export * from './wallet-of-source.js';
export * from './ledger-kind.js';
export * from './conversion.js';
