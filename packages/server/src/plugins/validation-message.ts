import type { MessageKey, MessageParams } from '../i18n/messages.js';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Turns the first schema issue into a message key naming the field, so the caller learns what is wrong. */
export function describeValidationIssue(
  issue: ValidationIssue,
  context: string,
): { key: MessageKey; params: MessageParams } {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const field = path || context;
  const params = issue.params;
  switch (issue.keyword) {
    case 'invalid_type':
      return issue.message?.includes('received undefined')
        ? { key: 'validation.required', params: { field } }
        : { key: 'validation.type', params: { field, expected: typeof params.expected === 'string' ? params.expected : 'value' } };
    case 'too_small':
      return params.origin === 'string'
        ? { key: 'validation.tooShort', params: { field, min: String(params.minimum) } }
        : { key: 'validation.tooSmall', params: { field, min: String(params.minimum) } };
    case 'too_big':
      return params.origin === 'string'
        ? { key: 'validation.tooLong', params: { field, max: String(params.maximum) } }
        : { key: 'validation.tooBig', params: { field, max: String(params.maximum) } };
    case 'unrecognized_keys': {
      const keys = Array.isArray(params.keys) ? params.keys.map(String) : [];
      return { key: 'validation.unknownField', params: { field: keys.map((k) => (path ? `${path}.${k}` : k)).join(', ') } };
    }
    case 'invalid_format':
      if (issue.message === 'must be an e-mail address') return { key: 'validation.email', params: { field } };
      if (issue.message === 'must be 6 digits') return { key: 'validation.code', params: { field } };
      if (issue.message === 'must be a phone number with a country code') return { key: 'validation.phone', params: { field } };
      return { key: 'validation.format', params: { field } };
    case 'custom':
      return customIssue(field, issue.message) ?? { key: 'validation.value', params: { field } };
    default:
      return { key: 'validation.value', params: { field } };
  }
}

/** The order-type checks of the order bodies (contract `checkOrderPrices`, by their exact wording), each with its own message. */
const orderTypeIssues: Record<string, MessageKey> = {
  'triggerPrice:is required for a stop or stop-limit order': 'order.triggerRequired',
  'triggerPrice:is only for stop and stop-limit orders': 'order.triggerOnlyForStops',
  'price:is required for a limit or stop-limit order': 'order.priceRequired',
  'price:a stop order fills at market: send triggerPrice only': 'order.stopNoPrice',
};

function customIssue(field: string, message: string | undefined): { key: MessageKey; params: MessageParams } | undefined {
  // Time in force on a market order: the message names the field (its label, in the caller's language).
  if (field === 'timeInForce' && message === 'is only for limit, stop and stop-limit orders') return { key: 'order.timeInForceMarket', params: { field } };
  const key = orderTypeIssues[`${field}:${message ?? ''}`];
  return key ? { key, params: {} } : undefined;
}
