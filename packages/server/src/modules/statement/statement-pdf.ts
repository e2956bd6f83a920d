import type { Locale, Statement } from '@tradewind/contract';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { embedStatementFonts, type FontStack } from './statement-fonts.js';
import { fill, statementLabels, type StatementLabels } from './statement-labels.js';

// This file is imported only when a PDF is asked for (statement.routes.ts): pdf-lib and fontkit are ~8 MB of
// heap once loaded (fontkit's source alone is a 2.6 MB string), which an idle server has no use for (issue 24).

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const LINE = 13;

/**
 * The statement as a PDF (pdf-lib, pure JavaScript, Noto fonts embedded as subsets in the reader's script,
 * statement-fonts.ts): the header, each wallet and currency with its opening balance, postings and
 * closing balance, and the digest on the last page; labels in the reader's language.
 */
export async function statementPdf(statement: Statement, locale: Locale, holder: string): Promise<Uint8Array> {
  const l: StatementLabels = statementLabels[locale];
  const doc = await PDFDocument.create();
  doc.setTitle(`${l.title} ${statement.from} – ${statement.to}`);
  doc.setProducer('Tradewind');
  doc.setCreationDate(new Date(statement.generatedAt));
  const { regular: font, bold } = await embedStatementFonts(doc, locale);
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;

  const newPage = () => {
    page = doc.addPage([A4.width, A4.height]);
    pages.push(page);
    y = A4.height - MARGIN;
  };
  const text = (value: string, x: number, options: { size?: number; bold?: boolean; right?: number } = {}) => {
    const f = options.bold ? bold : font;
    const size = options.size ?? 9;
    const at = options.right !== undefined ? options.right - f.width(value, size) : x;
    f.draw(page, value, { x: at, y, size, color: rgb(0.1, 0.1, 0.12) });
  };
  const need = (lines: number) => {
    if (y - lines * LINE < MARGIN + LINE) newPage();
  };
  const clip = (value: string, width: number, size = 9) => {
    let out = value;
    while (out.length > 1 && font.width(out, size) > width) out = `${out.slice(0, -2)}…`;
    return out;
  };

  newPage();
  text(l.title, MARGIN, { size: 16, bold: true });
  y -= 22;
  text(`${l.holder}: ${holder}`, MARGIN);
  y -= LINE;
  text(`${l.period}: ${statement.from} – ${statement.to}`, MARGIN);
  y -= LINE;
  text(`${l.generated}: ${statement.generatedAt}`, MARGIN);
  y -= LINE * 2;

  const cols = { time: MARGIN, entry: MARGIN + 118, kind: MARGIN + 170, reason: MARGIN + 250, amountRight: A4.width - MARGIN };
  for (const account of statement.accounts) {
    need(5);
    text(`${l.wallet} ${account.walletType} · ${account.currency}`, MARGIN, { size: 11, bold: true });
    y -= LINE + 2;
    text(l.opening, MARGIN, { bold: true });
    text(account.opening, 0, { bold: true, right: cols.amountRight });
    y -= LINE;
    need(1);
    text(l.time, cols.time, { size: 8 });
    text(l.entry, cols.entry, { size: 8 });
    text(l.kind, cols.kind, { size: 8 });
    text(`${l.reason} / ${l.counter}`, cols.reason, { size: 8 });
    text(l.amount, 0, { size: 8, right: cols.amountRight });
    y -= LINE;
    if (account.postings.length === 0) {
      text(l.noPostings, MARGIN);
      y -= LINE;
    }
    for (const p of account.postings) {
      need(1);
      text(p.time.replace('T', ' ').replace(/\.\d{3}Z$/, ''), cols.time);
      text(String(p.entryId), cols.entry);
      text(clip(p.kind, cols.reason - cols.kind - 6), cols.kind);
      const detail = [p.reason, p.counterAccounts.join(' ')].filter(Boolean).join(' · ');
      text(clip(detail, cols.amountRight - 60 - cols.reason), cols.reason);
      text(p.amount, 0, { right: cols.amountRight });
      y -= LINE;
    }
    need(1);
    text(l.closing, MARGIN, { bold: true });
    text(account.closing, 0, { bold: true, right: cols.amountRight });
    y -= LINE * 2;
  }

  need(5);
  text(l.addsUp, MARGIN);
  y -= LINE * 1.5;
  text(l.digest, MARGIN, { bold: true });
  y -= LINE;
  text(statement.digest, MARGIN, { size: 8 });
  y -= LINE;
  for (const line of wrap(font, l.digestNote, A4.width - 2 * MARGIN, 8)) {
    need(1);
    text(line, MARGIN, { size: 8 });
    y -= LINE - 2;
  }

  pages.forEach((p, index) => {
    const label = fill(l.page, { page: index + 1, pages: pages.length });
    font.draw(p, label, { x: A4.width - MARGIN - font.width(label, 8), y: MARGIN / 2, size: 8, color: rgb(0.1, 0.1, 0.12) });
  });
  return doc.save();
}

/** Wraps at spaces, or between any two characters in scripts written without them (CJK, Thai). */
function wrap(font: FontStack, text: string, width: number, size: number): string[] {
  const lines: string[] = [];
  let line = '';
  const spaced = text.includes(' ');
  for (const word of spaced ? text.split(' ') : [...text]) {
    const next = line ? (spaced ? `${line} ${word}` : `${line}${word}`) : word;
    if (line && font.width(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
