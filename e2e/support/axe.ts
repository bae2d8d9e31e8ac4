import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical accessibility violations on the current page (axe-core), once its opening
 * transitions are over: mid-fade colours are not the real ones. Endless animations (spinners)
 * do not count as unsettled.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Settled: no finite animation running, and no open dialog still faded (a dialog that has just
  // mounted starts its fade-in a few frames later, so "no animation" alone could come too early).
  await page.waitForFunction(() => {
    const running = document
      .getAnimations()
      .some(
        (a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
      );
    if (running) return false;
    return [...document.querySelectorAll('[role="dialog"]')].every((dialog) => {
      for (let el: Element | null = dialog; el; el = el.parentElement)
        if (Number(getComputedStyle(el).opacity) < 1) return false;
      return true;
    });
  });
  // Evaluated through the debugging protocol, not as an inline <script>: the app's
  // Content-Security-Policy (rightly) refuses inline scripts.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (ctx: Document) => Promise<{
            violations: { id: string; impact: string | null; nodes: { target: unknown; html: string }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 160)}`).join(' ')}`,
      );
  });
}
