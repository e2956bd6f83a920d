import { locales, type Locale } from '@tradewind/contract';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fund, registerUser, type TestContext } from '../../../test/test-app.js';
import { statementLabels } from './statement-labels.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ TRANSFER_SETTLE_SECONDS: '0' });
});
afterAll(() => ctx.close());

const today = () => ctx.clock.now().toISOString().slice(0, 10);
/**
 * Extraction may put breaks or spaces between runs of different fonts; the characters must all be there, in order.
 * A Devanagari vowel sign i (ि), shaped to stand before its consonant, comes back in that drawn order: put it back after.
 */
const squash = (text: string) => text.replace(/\s+/g, '');
const logicalOrder = (extracted: string) => squash(extracted).replace(/\u093F([\u0915-\u0939])/g, '$1\u093F');

describe('PDF statements in every language', () => {
  it('embed subset fonts that draw each locale’s labels, read back from the PDF text', async () => {
    const user = await registerUser(ctx.app);
    await fund(ctx.app, user.user.id, 19_99);
    const sizes: string[] = [];
    for (const locale of locales as readonly Locale[]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/userCenter/statement.pdf?from=${today()}&to=${today()}`, headers: { authorization: user.token, languages: locale } });
      expect(response.statusCode, locale).toBe(200);
      const bytes = new Uint8Array(response.rawPayload);
      const size = bytes.length; // pdf.js takes the buffer over (it is detached afterwards)
      const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
      const l = statementLabels[locale];
      for (const label of [l.title, l.opening, l.closing, l.wallet]) expect(logicalOrder(text), `${locale}: ${label}`).toContain(squash(label));
      expect(text, locale).toContain('19.99');
      expect(text, locale).toContain(user.email);
      expect(text, `${locale} has no replacement marks`).not.toContain('?');
      // Subsets: the statement carries the glyphs it uses, not the 10 MB CJK font.
      expect(size, locale).toBeGreaterThan(2000);
      expect(size, locale).toBeLessThan(300_000);
      sizes.push(`${locale} ${(size / 1024).toFixed(0)} KB`);
    }
    console.log(`statement PDFs: ${sizes.join(', ')}`);
  });
});
