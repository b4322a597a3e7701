import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The data folder of the server under test (its SQLite file, uploads and outbox). */
export function e2eDataDir(): string {
  const port = process.env.E2E_PORT ?? '3100';
  return fs.readFileSync(path.join(os.tmpdir(), `spajobs-e2e-data-dir-${port}`), 'utf8').trim();
}

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** Closes the contact popup that opens on page load, if it is open. */
export async function dismissContactPopup(page: Page): Promise<void> {
  await page.addInitScript(() => sessionStorage.setItem('contactPopupClosed', '1'));
}

/** Fails on any serious or critical accessibility violation. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

/**
 * Goes to `path` inside the running app (as its own links do, through the router's history), so the
 * screen loads its data in the browser, where a test can hold or fail the requests: a full page load
 * is rendered on the server, out of the browser's reach.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Opens `path` and waits until the app has taken over the server-rendered page (before clicking or typing). */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}
