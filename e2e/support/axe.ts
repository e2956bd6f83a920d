import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/*
 * axe-core in the page under test. The app's Content-Security-Policy refuses inline scripts, so
 * axe's source is evaluated through the DevTools protocol (page.evaluate), which the policy does not
 * govern, instead of page.addScriptTag({content}).
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeViolation {
  id: string;
  impact: Impact | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary: string }[];
}

/** WCAG 2.1 A and AA, and axe's best practices (reported, but only serious and critical fail). */
const RUN_OPTIONS = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] };

export async function runAxe(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async (options) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, options);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html.slice(0, 160), failureSummary: n.failureSummary })),
    }));
  }, RUN_OPTIONS);
}

export function countByImpact(violations: readonly AxeViolation[]): Record<Impact, number> {
  const counts: Record<Impact, number> = { minor: 0, moderate: 0, serious: 0, critical: 0 };
  for (const violation of violations) if (violation.impact) counts[violation.impact] += violation.nodes.length;
  return counts;
}

export const isBlocking = (violation: AxeViolation) => violation.impact === 'serious' || violation.impact === 'critical';

export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map((v) => `  [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `      ${n.target.join(' ')}  ${n.html}`).join('\n')}`)
    .join('\n');
}
