import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { e2eDataDir } from './support.js';

/** A fresh candidate: unique e-mail and 10-digit phone per call. */
export function newCandidate(firstname = 'Asha') {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    firstname,
    lastname: 'Verma',
    email: `${firstname.toLowerCase()}.${n}@example.com`,
    phone: `9${n.slice(-9)}`,
    gender: 'Female' as const,
    password: 'Lotus#2026',
  };
}
export type Candidate = ReturnType<typeof newCandidate>;

/** Registers through the API and returns the session the site stores. */
export async function registerByApi(request: APIRequestContext, c: Candidate) {
  const res = await request.post('/api/v1/users/register', { data: { ...c, role: 'user' } });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as Record<string, string>;
  return {
    token: body.token!,
    user: {
      _id: body._id,
      firstname: body.firstname,
      lastname: body.lastname,
      email: body.email,
      role: body.role,
    },
  };
}

/** Puts a session in local storage before the next page loads, as a sign-in would. */
export async function storeSession(page: Page, session: { token: string; user: object }): Promise<void> {
  await page.goto('/about');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t!);
      localStorage.setItem('user', u!);
    },
    [session.token, JSON.stringify(session.user)],
  );
}

/** The reset link from the newest mail sent to `email` in the server's outbox. */
export async function readResetLink(email: string): Promise<string> {
  const dir = path.join(e2eDataDir(), 'outbox');
  let link: string | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
      for (const f of files) {
        const mail = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string };
        if (mail.to === email) {
          link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0];
          return Boolean(link);
        }
      }
      return false;
    })
    .toBe(true);
  return link!;
}

/** A 1×1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A minimal one-page PDF. */
export const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 300 144]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

/** Over the 5MB limit by one byte. */
export const OVER_5MB = 5 * 1024 * 1024 + 1;
