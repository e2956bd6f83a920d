import { z } from 'zod';
import { stockCodeSchema } from './market.js';
import { amountSchema } from './money.js';

/*
 * New-share (IPO) subscriptions, asset source 5 (SPEC §3 new-stock item, §4 subscription states,
 * §7 calls). Quantities the user asks for are in lots; money is USD from the SUBSCRIPTION wallet.
 */

/** Where an offering stands, derived from its dates and what has been done. */
export const ipoStatuses = ['upcoming', 'open', 'closed', 'allotted', 'listed'] as const;
export type IpoStatus = (typeof ipoStatuses)[number];

/** SPEC §4: waiting for allotment, allotted, not allotted. */
export const IpoSubscriptionStatus = { Waiting: 0, Allotted: 1, NotAllotted: 2 } as const;
export type IpoSubscriptionStatus = (typeof IpoSubscriptionStatus)[keyof typeof IpoSubscriptionStatus];
const subscriptionStatus = z.union([
  z.literal(IpoSubscriptionStatus.Waiting),
  z.literal(IpoSubscriptionStatus.Allotted),
  z.literal(IpoSubscriptionStatus.NotAllotted),
]);

/** One offering as the new-stock list shows it (`GET /m_ft/webull/new/stock`); times in Unix seconds. */
export const ipoOfferingSchema = z.object({
  id: z.number().int(),
  stockCode: z.string(),
  name: z.string(),
  market: z.string(),
  /** Always 5 (IPO). */
  source: z.number().int(),
  currency: z.string(),
  /** Offer price per share. */
  price: z.number(),
  /** Shares in one lot; subscriptions are in whole lots. */
  lotSize: z.number().int(),
  /** Price of one lot (price × lot size). */
  lotAmount: z.number(),
  sharesOffered: z.number().int(),
  lotsOffered: z.number().int(),
  prospectusDate: z.number().int(),
  purchaseStartDate: z.number().int(),
  purchaseEndDate: z.number().int(),
  listDate: z.number().int(),
  status: z.enum(ipoStatuses),
  /** SHA-256 of the allotment lottery's seed, published before the draw; the seed itself is shown once drawn. */
  seedHash: z.string(),
});
export type IpoOffering = z.infer<typeof ipoOfferingSchema>;

/** The most lots one offering may have, which bounds the allotment lottery's work. */
export const IPO_MAX_LOTS = 10_000_000;

/** Names the offering: its id, or its stock code (the newest offering of that code). */
const offeringRef = {
  id: z.coerce.number().int().positive().optional(),
  stockCode: stockCodeSchema.optional(),
};

/** `POST /NewShares/create`: `quantity` is a number of lots (whole, at least 1); takes an Idempotency-Key. */
export const ipoSubscribeBody = z.strictObject({
  ...offeringRef,
  source: z.coerce.number().int().optional(),
  quantity: z.number().int('must be a whole number of lots').min(1).max(IPO_MAX_LOTS),
});
export type IpoSubscribeInput = z.infer<typeof ipoSubscribeBody>;

/** `POST /position/getIpoFullNum`: the most lots the SUBSCRIPTION wallet's available funds pay for. */
export const ipoFullNumBody = z.strictObject({ ...offeringRef, source: z.coerce.number().int().optional() });
export const ipoFullNumSchema = z.object({
  /** Most whole lots the available funds pay for, capped at the lots offered. */
  full: z.number().int(),
  lotSize: z.number().int(),
  lotAmount: z.number(),
  /** Available funds of the SUBSCRIPTION wallet. */
  available: z.number(),
  currency: z.string(),
});
export type IpoFullNum = z.infer<typeof ipoFullNumSchema>;

/** A user's subscription (SPEC §3 IPO subscription labels). Amounts in the offering's currency. */
export const ipoSubscriptionSchema = z.object({
  id: z.number().int(),
  offeringId: z.number().int(),
  stockCode: z.string(),
  name: z.string(),
  market: z.string(),
  currency: z.string(),
  price: z.number(),
  lotSize: z.number().int(),
  /** Lots asked for. */
  quantity: z.number().int(),
  /** Shares asked for (quantity × lot size). */
  shares: z.number().int(),
  /** Price × shares: what was frozen when subscribing. */
  total: z.number(),
  /** Lots allotted (0 until the allotment). */
  allotmentQuantity: z.number().int(),
  allotmentShares: z.number().int(),
  /** Money taken: the allotted shares at the offer price. 0 while waiting. */
  amountPaid: z.number(),
  /** Money still frozen, waiting for the allotment. */
  amountPending: z.number(),
  /** Money released back to the wallet at the allotment. */
  amountRefunded: z.number(),
  status: subscriptionStatus,
  prospectusDate: z.number().int(),
  purchaseEndDate: z.number().int(),
  listDate: z.number().int(),
  /** The allotted shares have become an ordinary stock position (at the listing). */
  listed: z.boolean(),
  positionId: z.number().int().nullable(),
  createTimeTimestamp: z.number().int(),
});
export type IpoSubscription = z.infer<typeof ipoSubscriptionSchema>;

/** `POST /position/subscription`: the user's subscriptions, optionally of one offering. */
export const ipoSubscriptionsBody = z.strictObject({ ...offeringRef, source: z.coerce.number().int().optional(), classify: z.string().max(20).optional() });

/** `POST /position/subscriptionOrder/pageList`. */
export const ipoSubscriptionPageBody = z.strictObject({
  status: z.coerce.number().int().min(0).max(2).optional(),
  source: z.coerce.number().int().optional(),
  classify: z.string().max(20).optional(),
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/* Back office */

const seconds = z.number().int().min(0).max(4_102_444_800);

const ipoTerms = {
  name: z.string().trim().min(1).max(100).optional(),
  /** Offer price per share: positive, at most 2 decimals. */
  price: amountSchema,
  lotSize: z.number().int().min(1).max(100_000),
  sharesOffered: z.number().int().min(1).max(1e12),
  prospectusDate: seconds,
  purchaseStartDate: seconds,
  purchaseEndDate: seconds,
  listDate: seconds,
};

export const createIpoBody = z.strictObject({ stockCode: stockCodeSchema, ...ipoTerms });
export type CreateIpoInput = z.infer<typeof createIpoBody>;

/** Any of the terms; the stock cannot change (create another offering instead). */
export const updateIpoBody = z.strictObject({
  name: ipoTerms.name,
  price: ipoTerms.price.optional(),
  lotSize: ipoTerms.lotSize.optional(),
  sharesOffered: ipoTerms.sharesOffered.optional(),
  prospectusDate: seconds.optional(),
  purchaseStartDate: seconds.optional(),
  purchaseEndDate: seconds.optional(),
  listDate: seconds.optional(),
});
export type UpdateIpoInput = z.infer<typeof updateIpoBody>;

export const adminIpoSchema = ipoOfferingSchema.extend({
  /** The instrument's live price, for the band the offer price must keep to. */
  marketPrice: z.number().nullable(),
  subscriptions: z.number().int(),
  demandLots: z.number().int(),
  /** Lots allotted in total (null before the allotment). */
  allottedLots: z.number().int().nullable(),
  /** The lottery's seed (null until the allotment) and the digest of its draw order (null until drawn, or when no draw was needed). */
  seed: z.string().nullable(),
  drawDigest: z.string().nullable(),
  allotTimeTimestamp: z.number().int().nullable(),
  listTimeTimestamp: z.number().int().nullable(),
  /** Terms may still change (nothing allotted yet). */
  editable: z.boolean(),
  /** Price and lot size are fixed once someone has subscribed (their funds were frozen at them). */
  termsLocked: z.boolean(),
  createTimeTimestamp: z.number().int(),
});
export type AdminIpo = z.infer<typeof adminIpoSchema>;

/** One line of an offering's allotment record: who asked for what, which tickets they held, what they got. */
export const ipoAllotmentSchema = z.object({
  subscriptionId: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  requestedLots: z.number().int(),
  allottedLots: z.number().int(),
  /** The subscriber's lottery tickets (one per lot asked), numbered from 0 in subscription order. */
  ticketFrom: z.number().int(),
  ticketTo: z.number().int(),
  /** The draw (1-based) at which the first of their tickets was drawn; null if none was, or no draw was needed. */
  firstDraw: z.number().int().nullable(),
});
export type IpoAllotment = z.infer<typeof ipoAllotmentSchema>;

export const ipoIdParams = z.strictObject({ id: z.coerce.number().int().positive() });

/**
 * The allotment draw as every subscriber of an offering sees it, to check it themselves: the seed's
 * hash (published before), the seed and digest (once drawn) and every ticket range in subscription
 * order, without who held them; `mine` marks the caller's.
 */
export const ipoDrawSchema = z.object({
  offeringId: z.number().int(),
  stockCode: z.string(),
  seedHash: z.string(),
  /** Null until the allotment. */
  seed: z.string().nullable(),
  supplyLots: z.number().int(),
  demandLots: z.number().int(),
  allottedLots: z.number().int().nullable(),
  /** Null until drawn, or when demand fitted the supply and no draw was needed. */
  drawDigest: z.string().nullable(),
  allotted: z.boolean(),
  ranges: z.array(
    z.object({
      ticketFrom: z.number().int(),
      ticketTo: z.number().int(),
      requestedLots: z.number().int(),
      allottedLots: z.number().int(),
      mine: z.boolean(),
    }),
  ),
});
export type IpoDraw = z.infer<typeof ipoDrawSchema>;
export const ipoDrawBody = z.strictObject({ id: z.coerce.number().int().positive() });
