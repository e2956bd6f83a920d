import { useEffect, useState } from 'react';
import type * as quoteStreamModule from './quote-stream';
import type { QuoteStream } from './quote-stream';

type StreamModule = typeof quoteStreamModule;

let streamModule: StreamModule | undefined;
let loading: Promise<StreamModule> | undefined;

/**
 * The app's one websocket, loaded after the first paint: Home and the route shells draw from the HTML,
 * so the socket's code (~3.6 KB gzip) need not stand between the HTML and the first screen.
 */
function loadQuoteStream(): Promise<QuoteStream> {
  loading ??= import('./quote-stream').then((loaded) => (streamModule = loaded));
  return loading.then((loaded) => loaded.getQuoteStream());
}

/** The stream once its code is here (undefined on the first render of the page); `wanted` false never loads it. */
export function useQuoteStream(wanted = true): QuoteStream | undefined {
  const [stream, setStream] = useState(() => streamModule?.getQuoteStream());
  useEffect(() => {
    if (stream || !wanted) return undefined;
    let mounted = true;
    void loadQuoteStream().then((loaded) => {
      if (mounted) setStream(loaded);
    });
    return () => {
      mounted = false;
    };
  }, [stream, wanted]);
  return stream;
}
