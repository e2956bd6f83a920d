import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOME_FIRST_PAINT_BUDGET_KB, homeFirstPaint, kb } from './support/budget';

/*
 * The speed budget (issues 10, 23): the JavaScript of Home's first paint, gzip, at most 130 KB. Runs on
 * the build `npm run test:e2e` has just made (CI: .ci/run), so it measures what ships.
 */
const distDir = fileURLToPath(new URL('../packages/web/dist/', import.meta.url));

describe('speed budget', () => {
  it(`Home's first paint needs at most ${HOME_FIRST_PAINT_BUDGET_KB} KB of JavaScript (gzip)`, () => {
    expect(existsSync(`${distDir}.vite/manifest.json`), 'run `npm run build` first (build.manifest)').toBe(true);
    const paint = homeFirstPaint(distDir);

    for (const file of paint.js) console.log(`  ${kb(file.gzipBytes).padStart(6)} KB gzip  ${kb(file.bytes).padStart(6)} KB  ${file.file}`);
    console.log(`home first paint: ${kb(paint.jsGzipBytes)} KB gzip (budget ${HOME_FIRST_PAINT_BUDGET_KB} KB), ${paint.js.length} files; CSS ${kb(paint.cssGzipBytes)} KB gzip`);

    expect(paint.js.some((file) => /^assets\/index-/.test(file.file))).toBe(true);
    expect(paint.js.some((file) => /^assets\/home-page-/.test(file.file))).toBe(true);
    expect(paint.jsGzipBytes / 1024).toBeLessThanOrEqual(HOME_FIRST_PAINT_BUDGET_KB);
  });

  it('paints the splash from the HTML alone: no stylesheet to fetch first', () => {
    const html = readFileSync(`${distDir}index.html`, 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    // The entry's styles are inlined (inlineEntryStyles in vite.config.ts), the splash's among them;
    // the links left behind are disabled, so the browser fetches none of them.
    expect(head).toMatch(/<style>[^<]*\.boot-splash\{/);
    const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/ disabled>$/);
    expect(html).toContain('class="boot-splash"');
  });

  it('asks for no file before the first paint: the public scripts inline (issue 23)', () => {
    const html = readFileSync(`${distDir}index.html`, 'utf8');
    // theme.js and boot.js are written into the page (inlinePublicScripts): no classic script file, no preload of one.
    expect(html.match(/<script(?![^>]*type="module")[^>]*\bsrc=[^>]*>/g) ?? []).toEqual([]);
    expect(html).not.toMatch(/<link rel="preload"/);
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    for (const file of ['theme.js', 'boot.js']) {
      expect(inline, file).toContain(readFileSync(new URL(`../packages/web/public/${file}`, import.meta.url), 'utf8').trim());
    }
  });

  it("asks for the app's code only after the first paint: no module tag in the HTML, the loader names them all (issue 23)", () => {
    const html = readFileSync(`${distDir}index.html`, 'utf8');
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    const loader = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '').find((code) => code.includes('modulepreload'));
    expect(loader, 'the inline loader of the app').toBeDefined();
    // Every file of Home's first paint is asked for at once, the entry as the module script.
    const paint = homeFirstPaint(distDir);
    for (const file of paint.js) expect(loader).toContain(`"./${file.file}"`);
    expect(loader).toMatch(/var entry="\.\/assets\/index-[^"]+\.js"/);
    expect(html.indexOf(loader ?? '')).toBeGreaterThan(html.indexOf('id="root"'));
  });
});
