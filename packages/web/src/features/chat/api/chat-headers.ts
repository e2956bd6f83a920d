import { VISITOR_TOKEN_HEADER } from '@tradewind/contract';
import { getToken } from '../../../lib/session/session-store';
import { visitorToken } from '../utils/visitor-token';

/** Signed in, the session speaks for the caller; otherwise the visitor token does. */
export function chatHeaders(): Record<string, string> {
  return getToken() ? {} : { [VISITOR_TOKEN_HEADER]: visitorToken() };
}
