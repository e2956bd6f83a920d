import { describe, expect, it } from 'vitest';
import { resolveDocument } from './document-target';

const own = 'https://app.tradewind.example';
const hosts = ['docs.tradewind.example', 'help.partner.example'];
const resolve = (query: string) => resolveDocument(new URLSearchParams(query), hosts, own);

describe('resolveDocument (the webview allow-list)', () => {
  it('shows the app’s own documents', () => {
    expect(resolve('doc=terms')).toEqual({ kind: 'internal', document: 'terms' });
    expect(resolve('doc=privacy')).toEqual({ kind: 'internal', document: 'privacy' });
  });

  it('frames https pages of allowed hosts and of the app itself', () => {
    expect(resolve('url=https://docs.tradewind.example/fees')).toEqual({ kind: 'external', url: 'https://docs.tradewind.example/fees', host: 'docs.tradewind.example' });
    expect(resolve('url=https://HELP.partner.example/a?b=1')).toMatchObject({ kind: 'external', host: 'help.partner.example' });
    expect(resolve(`url=${encodeURIComponent(`${own}/legal.html`)}`)).toMatchObject({ kind: 'external' });
  });

  it('refuses a host not on the allow-list, naming it', () => {
    expect(resolve('url=https://evil.example/login')).toEqual({ kind: 'refused', reason: 'host', host: 'evil.example' });
    // Look-alikes: a suffix, a subdomain, credentials in front of an allowed name.
    expect(resolve('url=https://docs.tradewind.example.evil.example/')).toMatchObject({ reason: 'host', host: 'docs.tradewind.example.evil.example' });
    expect(resolve('url=https://x.docs.tradewind.example/')).toMatchObject({ reason: 'host' });
    expect(resolve('url=https://docs.tradewind.example@evil.example/')).toMatchObject({ reason: 'host', host: 'evil.example' });
    expect(resolve('url=https://user:pw@docs.tradewind.example/')).toMatchObject({ reason: 'host' });
  });

  it('refuses insecure, malformed and missing addresses and unknown documents', () => {
    expect(resolve('url=http://docs.tradewind.example/')).toEqual({ kind: 'refused', reason: 'insecure' });
    expect(resolve('url=javascript:alert(1)')).toEqual({ kind: 'refused', reason: 'insecure' });
    expect(resolve('url=not a url')).toEqual({ kind: 'refused', reason: 'invalid' });
    expect(resolve('doc=secrets')).toEqual({ kind: 'refused', reason: 'invalid' });
    expect(resolve('')).toEqual({ kind: 'refused', reason: 'missing' });
  });
});
