import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Locale } from '@tradewind/contract';
// fontkit's shapers (Indic, Thai, the universal one) are compiled generators that call a global regeneratorRuntime.
import 'regenerator-runtime/runtime.js';
import * as fontkitModule from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';

/**
 * Fonts for statements in every locale: Noto Sans (Latin, digits, the amounts) plus the locale's script,
 * from the @expo-google-fonts npm packages (TTF files; Debian's font packages are not on npm). Noto
 * Sans SC also covers the Japanese kana and the traditional characters of the ja and zh-TW labels, so
 * one CJK package serves the three locales. pdf-lib embeds only the glyphs a statement uses (subset).
 * pdf-lib lays each run out with fontkit (glyph substitutions, e.g. Devanagari conjuncts) but places glyphs
 * by advance width only, without the fonts' mark positioning: Thai and Devanagari marks may sit slightly
 * off (not checked by eye here); the text as copied or extracted is right (statement-pdf.test.ts).
 */
// The package is a UMD bundle: under Node's ESM loader its API is the default export.
const fontkit = (fontkitModule as unknown as { default?: typeof fontkitModule }).default ?? fontkitModule;
const require = createRequire(import.meta.url);
const fontFile = (pkg: string, weight: '400Regular' | '700Bold', file: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), weight, `${file}_${weight}.ttf`);

const SCRIPT_FONT: Partial<Record<Locale, { pkg: string; file: string }>> = {
  hi: { pkg: '@expo-google-fonts/noto-sans-devanagari', file: 'NotoSansDevanagari' },
  th: { pkg: '@expo-google-fonts/noto-sans-thai', file: 'NotoSansThai' },
  ja: { pkg: '@expo-google-fonts/noto-sans-sc', file: 'NotoSansSC' },
  'zh-CN': { pkg: '@expo-google-fonts/noto-sans-sc', file: 'NotoSansSC' },
  'zh-TW': { pkg: '@expo-google-fonts/noto-sans-sc', file: 'NotoSansSC' },
};
const LATIN = { pkg: '@expo-google-fonts/noto-sans', file: 'NotoSans' };

const files = new Map<string, Promise<{ bytes: Uint8Array; glyphs: fontkitModule.Font }>>();
/** Each font file is read and parsed once per process (the CJK one is ~10 MB). */
function load(file: string) {
  let loaded = files.get(file);
  if (!loaded) {
    loaded = readFile(file).then((buffer) => {
      const bytes = new Uint8Array(buffer);
      return { bytes, glyphs: fontkit.create(bytes) };
    });
    files.set(file, loaded);
  }
  return loaded;
}

interface Face {
  pdf: PDFFont;
  has(codePoint: number): boolean;
}

/** A list of fonts tried in order for each character: the script's first, then Latin. */
export class FontStack {
  constructor(private readonly faces: Face[]) {}

  /** Splits text into runs each drawn with the first font that has its characters; unknown ones become "?". */
  runs(text: string): { face: PDFFont; text: string }[] {
    const out: { face: PDFFont; text: string }[] = [];
    for (const char of text) {
      const codePoint = char.codePointAt(0)!;
      const face = this.faces.find((f) => f.has(codePoint));
      const pdf = face?.pdf ?? this.faces.at(-1)!.pdf;
      const shown = face ? char : '?';
      const last = out.at(-1);
      if (last?.face === pdf) last.text += shown;
      else out.push({ face: pdf, text: shown });
    }
    return out;
  }

  width(text: string, size: number): number {
    return this.runs(text).reduce((sum, run) => sum + run.face.widthOfTextAtSize(run.text, size), 0);
  }

  draw(page: PDFPage, text: string, options: { x: number; y: number; size: number; color: RGB }): void {
    let x = options.x;
    for (const run of this.runs(text)) {
      page.drawText(run.text, { x, y: options.y, size: options.size, font: run.face, color: options.color });
      x += run.face.widthOfTextAtSize(run.text, options.size);
    }
  }
}

/** Embeds (as subsets) the regular and bold fonts a statement in `locale` needs. */
export async function embedStatementFonts(doc: PDFDocument, locale: Locale): Promise<{ regular: FontStack; bold: FontStack }> {
  doc.registerFontkit(fontkit);
  const stack = async (weight: '400Regular' | '700Bold') => {
    const sources = [SCRIPT_FONT[locale], LATIN].filter((s) => s !== undefined);
    const faces: Face[] = [];
    for (const source of sources) {
      const { bytes, glyphs } = await load(fontFile(source.pkg, weight, source.file));
      faces.push({ pdf: await doc.embedFont(bytes, { subset: true }), has: (codePoint) => glyphs.hasGlyphForCodePoint(codePoint) });
    }
    return new FontStack(faces);
  };
  return { regular: await stack('400Regular'), bold: await stack('700Bold') };
}
