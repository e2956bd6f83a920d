import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every text a person reads comes from the locale resources (t(...)), never from the source: this
 * reads every component and hook of the app and the back office with the TypeScript parser and
 * fails on English written straight into them —
 * - JSX text (`<p>Buy now</p>`, `{'Buy now'}`),
 * - the attributes people read or hear (aria-label, placeholder, title, alt, label …) given as a literal,
 * - a literal handed to a toast or a dialog (`showToast('Saved')`, `Dialog.confirm({ title: 'Sure?' })`).
 * A literal counts as English when it has a word of two or more Latin letters. Dotted i18n keys
 * (`dashboard.pendingDeposits`, translated by the component they are given to) and the few names on
 * `allowed` below pass.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Literals that may stay as written: each says why. Keep this list short. */
const allowed = new Set([
  // Samples of a URL and a host in the back office's app-version form: a format, not words.
  'https://',
  'docs.example.com',
  // The shape of a two-factor recovery code, as a placeholder.
  'abcde-fghij',
]);

const readAttributes = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'title',
  'alt',
  'label',
  'content',
  'confirmText',
  'cancelText',
  'okText',
  'description',
  'emptyText',
  'text',
]);

/** Calls whose string argument (or `title`/`content` option) is shown to people. */
const shownCalls = /^(showToast|showSuccessToast|showErrorToast|Toast\.show|Dialog\.(alert|confirm|show)|Modal\.(alert|confirm|show)|window\.alert|alert|confirm)$/;
const shownOptions = new Set(['title', 'content', 'confirmText', 'cancelText', 'text', 'description']);

const i18nKey = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/;
const hasWords = (text: string) => /[A-Za-z]{2,}/.test(text);

export interface Finding {
  file: string;
  line: number;
  kind: string;
  text: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'i18n' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function literalText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  if (ts.isJsxExpression(node)) return literalText(node.expression);
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  if (ts.isConditionalExpression(node)) {
    const parts = [literalText(node.whenTrue), literalText(node.whenFalse)].filter((part) => part !== undefined);
    return parts.length > 0 ? parts.join(' ') : undefined;
  }
  return undefined;
}

/** The hard-coded English in one source text (exported for the test that proves it finds a planted one). */
export function findHardCodedText(file: string, source: string): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const report = (node: ts.Node, kind: string, text: string | undefined) => {
    if (text === undefined) return;
    const trimmed = text.trim();
    if (!hasWords(trimmed) || allowed.has(trimmed) || i18nKey.test(trimmed)) return;
    findings.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, kind, text: trimmed });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) report(node, 'JSX text', node.text);
    else if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) report(node, 'JSX text', literalText(node.expression));
    else if (ts.isJsxAttribute(node) && readAttributes.has(node.name.getText(sf))) report(node, node.name.getText(sf), literalText(node.initializer));
    else if (ts.isCallExpression(node) && shownCalls.test(node.expression.getText(sf))) {
      for (const argument of node.arguments) {
        if (ts.isObjectLiteralExpression(argument)) {
          for (const property of argument.properties) {
            if (ts.isPropertyAssignment(property) && shownOptions.has(property.name.getText(sf))) report(property, node.expression.getText(sf), literalText(property.initializer));
          }
        } else report(argument, node.expression.getText(sf), literalText(argument));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return findings;
}

describe('no hard-coded English in the app', () => {
  const files = sourceFiles(root);

  it('reads the sources of every feature, the shared components and the back office', () => {
    const read = files.map((file) => relative(root, file));
    expect(read.length).toBeGreaterThan(150);
    for (const part of ['features/home/', 'features/quote/', 'features/trade/', 'features/wallet/', 'components/', 'app/', 'admin/pages/']) {
      expect(read.some((file) => file.startsWith(part)), part).toBe(true);
    }
  });

  it('finds no user-visible literal outside the locale resources', () => {
    const findings = files.flatMap((file) => findHardCodedText(relative(root, file), readFileSync(file, 'utf8')));
    expect(findings.map((f) => `${f.file}:${f.line} ${f.kind}: ${f.text}`)).toEqual([]);
  });

  it('would catch each kind of planted string', () => {
    const planted = `
      export function Planted({ t }: { t: (key: string) => string }) {
        showToast('Order placed');
        Dialog.confirm({ title: 'Are you sure?', content: t('order.confirm') });
        return (
          <section aria-label="Market overview">
            <h1>Welcome back</h1>
            <p>{'Pull to refresh'}</p>
            <input placeholder={ready ? 'Search stocks' : t('search.placeholder')} />
            <Card label="dashboard.pendingDeposits" title={t('home.title')} />
            <span>{name} · AAPL</span>
          </section>
        );
      }`;
    const found = findHardCodedText('planted.tsx', planted).map((f) => `${f.kind}: ${f.text}`);
    expect(found).toEqual([
      'showToast: Order placed',
      'Dialog.confirm: Are you sure?',
      'aria-label: Market overview',
      'JSX text: Welcome back',
      'JSX text: Pull to refresh',
      'placeholder: Search stocks',
      'JSX text: · AAPL',
    ]);
  });
});
