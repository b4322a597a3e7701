import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { englishWords, lookUpMessage, type Language, type Words } from '@spajobs/contract/localize';
import { hindiWords } from '@spajobs/contract/messages-hi';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of the answer: 'hi' when Accept-Language prefers Hindi to English, else 'en'. */
    readonly lang: Language;
  }
}

interface Ranked {
  lang: Language;
  q: number;
  i: number;
}

/** The languages we speak that an Accept-Language header asks for, best first (q-values, then order). */
function ranked(header: string | undefined): Ranked[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.find((p) => /^\s*q\s*=/i.test(p));
      const q = qParam === undefined ? 1 : Number(qParam.split('=')[1]);
      const lang = tag.trim().toLowerCase().split(/[-_]/)[0];
      return { lang: lang as Language, q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((r) => (r.lang === 'hi' || r.lang === 'en') && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
}

/**
 * 'hi' when the header prefers Hindi (hi, hi-IN, …) to English, otherwise
 * 'en': a header without either, a wildcard, another language or garbage
 * gets English.
 */
export function languageOf(header: string | undefined): Language {
  return ranked(header)[0]?.lang === 'hi' ? 'hi' : 'en';
}

/**
 * The language a person chose, when the header names Hindi or English at all;
 * null otherwise (no header, only other languages), so that a request that
 * says nothing about it never overwrites the language remembered for an account.
 */
export function chosenLanguage(header: string | undefined): Language | null {
  return ranked(header)[0]?.lang ?? null;
}

/** The language the request names (see chosenLanguage), to remember for the account. */
export const chosenLanguageOf = (req: FastifyRequest): Language | null =>
  chosenLanguage(req.headers['accept-language']);

export const wordsFor = (lang: Language): Words => (lang === 'hi' ? hindiWords : englishWords);

/** Adds a field name to the Vary header without repeating it. */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const list = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.includes('*') || list.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...list, field].join(', '));
}

/**
 * A contract message in the request's language, with its stable code. Texts
 * that are not contract messages stay as they are.
 */
export function localized(req: FastifyRequest, text: string): { text: string; code?: string } {
  const found = lookUpMessage(text);
  if (!found) return { text };
  const lang = requestLanguage(req);
  return { text: lang === 'en' ? text : found.in(wordsFor(lang)), code: found.code };
}

const langs = new WeakMap<FastifyRequest, Language>();

/**
 * The request's language, read once. Also for the requests Fastify answers
 * through `frameworkErrors` before routing, which are not decorated (no `req.lang`).
 */
export function requestLanguage(req: FastifyRequest): Language {
  let lang = langs.get(req);
  if (!lang) {
    lang = languageOf(req.headers['accept-language']);
    langs.set(req, lang);
  }
  return lang;
}

/**
 * `req.lang` from Accept-Language on every request (read on first use, also
 * for errors raised before any hook runs), and success answers whose
 * `message` is a contract message put into it. Such answers, and every error
 * answer (see errors.ts), carry `Vary: Accept-Language`.
 */
export function registerLanguage(app: FastifyInstance): void {
  app.decorateRequest('lang', {
    getter(this: FastifyRequest): Language {
      return requestLanguage(this);
    },
  });

  app.addHook('preSerialization', async (req, reply, payload: unknown) => {
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    const body = payload as { success?: unknown; message?: unknown };
    if (body.success !== true || typeof body.message !== 'string') return payload;
    const found = lookUpMessage(body.message);
    if (!found) return payload;
    addVary(reply, 'Accept-Language');
    return req.lang === 'en' ? payload : { ...body, message: found.in(wordsFor(req.lang)) };
  });
}
