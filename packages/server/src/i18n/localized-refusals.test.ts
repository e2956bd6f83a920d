import { locales, type Locale } from '@tradewind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveTrading, call, createTestContext, fund, registerUser, type TestContext } from '../../test/test-app.js';

/**
 * Issue 18: a refusal of a request body reads as a sentence in the caller's language, naming the
 * field as people call it — never a schema name (`takeProfit`) and never English in another
 * language. This walks the validation errors of the order bodies and other common ones in all
 * seven languages.
 */
let ctx: TestContext;
let token = '';

beforeAll(async () => {
  ctx = await createTestContext({ ORDER_PER_USER_PER_MINUTE: '10000' });
  const session = await registerUser(ctx.app);
  await approveTrading(ctx.app, session.user.id);
  await fund(ctx.app, session.user.id, 1_000_000, 'STOCK');
  token = session.token;
});
afterAll(() => ctx.close());

const order = { stockCode: 'AAPL', direction: 0, orderType: 0, quantity: 1 };
const futures = { goldCode: 'GC', direction: 0, orderType: 0, quantity: 1 };

/** [path, body, authenticated]: one field wrong in each. */
const cases: Array<[string, Record<string, unknown>, boolean]> = [
  ['/stock/create', { direction: 0, orderType: 0, quantity: 1 }, true],
  ['/stock/create', { ...order, stockCode: 42 }, true],
  ['/stock/create', { ...order, quantity: 0 }, true],
  ['/stock/create', { ...order, quantity: 1.5 }, true],
  ['/stock/create', { ...order, quantity: 1e12 }, true],
  ['/stock/create', { ...order, direction: 2 }, true],
  ['/stock/create', { ...order, orderType: 9 }, true],
  ['/stock/create', { ...order, source: 5 }, true],
  ['/stock/create', { ...order, leverage: 0 }, true],
  ['/stock/create', { ...order, orderType: 1 }, true],
  ['/stock/create', { ...order, orderType: 2 }, true],
  ['/stock/create', { ...order, triggerPrice: 10 }, true],
  ['/stock/create', { ...order, orderType: 2, triggerPrice: 500, price: 10 }, true],
  ['/stock/create', { ...order, timeInForce: 'GTC' }, true],
  ['/stock/create', { ...order, orderType: 1, price: 10, timeInForce: 'WEEK' }, true],
  ['/stock/create', { ...order, takeProfit: -1 }, true],
  ['/stock/create', { ...order, stopLoss: 'low' }, true],
  ['/stock/create', { ...order, takeProfit: 1 }, true],
  ['/stock/create', { ...order, stopLoss: 1e6 }, true],
  ['/twStock/create', { ...order, stockCode: '2330', quantity: 1500 }, true],
  ['/gold/create', { direction: 0, orderType: 0, quantity: 1 }, true],
  ['/gold/create', { ...futures, contract: 'GCF19' }, true],
  ['/gold/create', { ...futures, orderType: 1, price: 4000.03 }, true],
  ['/position/setTpSl', { takeProfit: 10 }, true],
  ['/position/setTpSl', { id: 1, takeProfit: 0 }, true],
  ['/position/addPositionMargin', { id: 1, amount: '1.234' }, true],
  ['/position/flatPosition', { id: 1, quantity: 0 }, true],
  ['/loginByUsername', { username: 'not-an-address', password: 'x' }, false],
  ['/loginByUsername', { username: 'someone@example.com' }, false],
  ['/register/email', { email: 'a@b.co', code: '12', password: 'long-enough-1' }, false],
  ['/wallet/transfer', { fromWallet: 'STOCK', toWallet: 'STOCK', amount: '1' }, true],
];

const header: Record<Locale, string> = { en: 'en', de: 'de', hi: 'hi', ja: 'ja', th: 'th', 'zh-CN': 'zh_CN', 'zh-TW': 'zh_TW' };
/** Words of the English messages that a German sentence must not contain. */
const englishWords = /\b(must|required|invalid|value|least|most|needs|only|price|quantity|field|is|the|of|for)\b/i;

async function refusal(path: string, body: Record<string, unknown>, authenticated: boolean, locale: Locale) {
  return call(ctx.app, 'POST', path, { body, headers: { languages: header[locale] }, ...(authenticated && { token }) });
}

describe('refusals of request bodies', () => {
  it.each(locales)('in %s name the field as people call it and speak that language only', async (locale) => {
    for (const [path, body, authenticated] of cases) {
      const answer = await refusal(path, body, authenticated, locale);
      const where = `${locale} ${path} ${JSON.stringify(body)}: ${answer.msg}`;
      expect(answer.code, where).toBe(400);
      // No schema name: no word with a lower-case letter followed by a capital (takeProfit, stockCode).
      expect(answer.msg, where).not.toMatch(/[a-z][A-Z]/);
      if (locale === 'en') continue;
      const english = await refusal(path, body, authenticated, 'en');
      expect(answer.msg, where).not.toBe(english.msg);
      if (locale === 'de') expect(answer.msg, where).not.toMatch(englishWords);
      // Scripts of their own: no Latin word of three letters or more (symbols like GCF19 and AAPL are codes, in capitals).
      else expect(answer.msg.replace(/\b[A-Z0-9]{2,}\b/g, ''), where).not.toMatch(/[a-z]{3,}/i);
    }
  });

  it('read as a sentence with the field label in English too', async () => {
    const missing = await refusal('/stock/create', { direction: 0, orderType: 0, quantity: 1 }, true, 'en');
    expect(missing.msg).toBe('Symbol is required');
    const level = await refusal('/stock/create', { ...order, takeProfit: -1 }, true, 'en');
    expect(level.msg).toBe('Take-profit must be at least 0');
    const trigger = await refusal('/stock/create', { ...order, orderType: 2 }, true, 'en');
    expect(trigger.msg).toBe('A stop or stop-limit order needs a trigger price');
    const type = await refusal('/stock/create', { ...order, stopLoss: 'low' }, true, 'zh-TW');
    expect(type.msg).toBe('停損價 的類型必須為 數字');
  });
});
