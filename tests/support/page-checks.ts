/**
 * What every browser test of the pages checks after an action: the result message is inside
 * the viewport (the person sees it without scrolling), and axe-core finds no serious or
 * critical accessibility violation on the view. Screenshots go to .local/screens/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { ROOT } from '../../scripts/local-stack';
import { TEST_PASSWORD } from './users';

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

/** What `watchPage` saw: requests to anything but the server, and the page's problems. */
export interface Seen {
  outside: string[];
  problems: string[];
}

/**
 * Records what a page loads from anywhere but `base` (except data: URLs and what `allow`
 * takes) and its problems: page errors, console errors, and every answer of 400 or more —
 * unless `refusals`: a page that meets the API's refusals on purpose, where the browser's own
 * console line for a 4xx answer is no problem. Several pages may share one `into`.
 */
export function watchPage(
  page: Page,
  base: string,
  opts: { refusals?: boolean; allow?: (url: string, request: Request) => boolean } = {},
  into: Seen = { outside: [], problems: [] },
): Seen {
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(`${base}/`) && !url.startsWith('data:') && !opts.allow?.(url, r)) into.outside.push(url);
  });
  if (!opts.refusals)
    page.on('response', (r) => {
      if (r.status() >= 400) into.problems.push(`${r.url()}: HTTP ${r.status()}`);
    });
  page.on('console', (m) => {
    if (m.type() === 'error' && !(opts.refusals && /status of 4\d\d/.test(m.text()))) into.problems.push(m.text());
  });
  page.on('pageerror', (e) => into.problems.push(e.message));
  return into;
}

/**
 * Signs in through the pages' form (web/src/core) with the test password, then waits for
 * `signedIn` (default: the "Keluar" button, where the page has one only).
 */
export async function signIn(page: Page, email: string, signedIn?: string): Promise<void> {
  await page.fill('#f-email', email);
  await page.fill('#f-password', TEST_PASSWORD);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await (signedIn ? page.locator(signedIn) : page.getByRole('button', { name: 'Keluar', exact: true })).waitFor();
}

/** Nothing is wider than the viewport (no sideways scrolling). */
export async function expectFitsWidth(page: Page): Promise<void> {
  const width = await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}
