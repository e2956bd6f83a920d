import { lazyModule, useLazyModule } from '../../lib/use-lazy-module';
import type { QuoteStream } from './quote-stream';

/**
 * The app's one websocket, loaded after the first paint: Home and the route shells draw from the HTML,
 * so the socket's code (~3.6 KB gzip) need not stand between the HTML and the first screen.
 */
const quoteStreamModule = lazyModule(() => import('./quote-stream'));

/** The stream once its code is here (undefined on the first render of the page); `wanted` false never loads it. */
export function useQuoteStream(wanted = true): QuoteStream | undefined {
  return useLazyModule(quoteStreamModule, wanted)?.getQuoteStream();
}
