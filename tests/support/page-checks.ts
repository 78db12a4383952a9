/**
 * What every browser test of the pages checks after an action: the result message is inside
 * the viewport (the person sees it without scrolling), and axe-core finds no serious or
 * critical accessibility violation on the view. Screenshots go to .local/screens/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ROOT } from '../../scripts/local-stack';

export const DESK = { width: 1280, height: 800 };
export { PHONE } from './browser';

const AXE = join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');

/** The message element's box lies inside the viewport (at least partly; its top is visible). */
export async function expectInView(page: Page, message: Locator): Promise<void> {
  await message.first().waitFor({ state: 'visible' });
  const box = await message.first().boundingBox();
  const vp = page.viewportSize()!;
  expect(box, 'the message has a box').not.toBeNull();
  // (a pixel of slack: scrolling into view may leave the top a fraction of a pixel above the edge)
  expect(box!.y, 'the message starts inside the viewport').toBeGreaterThanOrEqual(-1);
  expect(box!.y, 'the message starts inside the viewport').toBeLessThan(vp.height);
}

/** The latest result notice (`data-notice` ok|error|info), asserted in view; returns its text. */
export async function resultInView(page: Page, kind?: 'ok' | 'error' | 'info'): Promise<string> {
  const sel = kind ? `[data-notice="${kind}"]` : '[data-notice]';
  const notice = page.locator(sel).last();
  await expectInView(page, notice);
  return (await notice.textContent()) ?? '';
}

/** axe-core on the current view: no serious or critical violations (the list is in the failure). */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // evaluated, not added as a script tag: the pages' CSP (script-src 'self') refuses inline scripts
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(readFileSync(AXE, 'utf8'));
  const violations = await page.evaluate(async () => {
    // runs in the page: its globals, not Node's
    const g = globalThis as unknown as { axe: { run: (ctx: unknown, o: object) => Promise<{ violations: any[] }> }; document: unknown };
    const r = await g.axe.run(g.document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations, `axe on ${what}`).toEqual([]);
}

/** A screenshot of the whole page in .local/screens/<name>.png, to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = join(ROOT, '.local', 'screens');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}
