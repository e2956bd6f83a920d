import enFirstPaint from './en-first-paint';
import enLater from './en-later';

/** English: the default and fallback locale, and the key set every other locale must match. */
const en = { ...enFirstPaint, ...enLater };

export default en;
export type TranslationResource = typeof en;
