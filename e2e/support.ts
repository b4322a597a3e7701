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
