import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** WCAG 2.1 A and AA: the level the product promises. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  /** Markup of the first few nodes. */
  html: string[];
  /** axe's explanation for the first few nodes (contrast figures, missing name...). */
  summaries: string[];
}

/** Runs axe-core (WCAG 2.1 AA rules) on the page as it is and returns its violations. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  // Evaluated rather than added as a <script>: the app's CSP forbids inline scripts, not the driver's eval.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
      html: violation.nodes.slice(0, 3).map((node) => node.html),
      summaries: violation.nodes.slice(0, 3).map((node) => node.failureSummary ?? ''),
    }));
  }, TAGS);
}

/** The serious and critical violations, one line per rule with its targets (for a failure message). */
export function seriousViolations(violations: AxeViolation[]): string[] {
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.targets.slice(0, 8).join(' | ')}` +
        `${violation.targets.length > 8 ? ` (+${violation.targets.length - 8})` : ''}\n    ${violation.summaries[0]?.replace(/\n/g, ' ') ?? ''}`,
    );
}
