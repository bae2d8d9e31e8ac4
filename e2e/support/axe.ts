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
  // Settled: no finite animation or transition running, no open dialog still faded, and the page's
  // see-through elements the same on two polls in a row. A toast or dialog that has just mounted
  // starts its fade a few frames later, so one look at "nothing running" could come too early.
  // A fresh first look for each call: the last call's look says nothing about now.
  await page.evaluate(() => {
    (window as unknown as { __axeLastLook?: string }).__axeLastLook = undefined;
  });
  await page
    .waitForFunction(
      () => {
        const w = window as unknown as { __axeLastLook?: string | undefined };
        const animations = document.getAnimations();
        const endless = new Set(
          animations
            .filter((a) => a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY)
            .map((a) => (a.effect as KeyframeEffect | null)?.target),
        );
        const running = animations.some(
          (a) =>
            a.playState === 'running' && !endless.has((a.effect as KeyframeEffect | null)?.target ?? null),
        );
        const dialogsFaded = [...document.querySelectorAll('[role="dialog"]')].some((dialog) => {
          for (let el: Element | null = dialog; el; el = el.parentElement)
            if (Number(getComputedStyle(el).opacity) < 1) return true;
          return false;
        });
        // A skeleton's endless pulse changes its opacity on every poll: it does not count.
        const seeThrough = [...document.querySelectorAll('body *')]
          .filter((el) => !endless.has(el))
          .map((el) => getComputedStyle(el).opacity)
          .filter((opacity) => opacity !== '1')
          .join();
        const look = running || dialogsFaded ? undefined : seeThrough;
        const settled = look !== undefined && look === w.__axeLastLook;
        w.__axeLastLook = look;
        return settled;
      },
      undefined,
      { polling: 100, timeout: 20_000 },
    )
    .catch(async (error: Error) => {
      const look = await page.evaluate(() => {
        const w = window as unknown as { __axeLastLook?: string };
        const running = document
          .getAnimations()
          .filter((a) => a.playState === 'running')
          .map(
            (a) =>
              `${a.constructor.name} ${(a as CSSAnimation).animationName ?? (a as CSSTransition).transitionProperty} on ${(a.effect as KeyframeEffect | null)?.target?.className}`,
          );
        return `running: ${running.join('; ')}; see-through: ${w.__axeLastLook}`;
      });
      throw new Error(`the page did not settle for axe (${look}): ${error.message}`);
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

/** Fails with the violations themselves in the error's first lines (CI keeps only a failure's gist). */
export async function expectAccessible(page: Page): Promise<void> {
  const violations = await seriousViolations(page);
  if (violations.length) throw new Error(`axe found serious violations:\n${violations.join('\n')}`);
}
