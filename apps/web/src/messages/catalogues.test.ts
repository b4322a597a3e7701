import { describe, expect, it } from 'vitest';
import { messages as contractEn } from '@spajobs/contract/messages';
// The areas' English texts are private to them; their views read the current language, English here.
import { adminText } from '../features/admin/messages';
import { adminTextHi } from '../features/admin/messages-hi';
import { employerText } from '../features/employer/messages';
import { employerTextHi } from '../features/employer/messages-hi';
import { en } from './en';
import { hindiCatalogue } from './index';
import { hi as hiCore } from './hi';
import { hiPages } from './hi-pages';
import { hiRules } from './hi-rules';

/** The Hindi catalogue as the app assembles it from its chunks. */
const hi = hindiCatalogue(hiCore, hiPages, hiRules);

/**
 * Every catalogue has every key of every other, and each text keeps the same
 * {placeholders}: a missing or misspelt key or placeholder fails here, not on a page.
 */
type Leaves = Map<string, unknown>;

function leaves(value: unknown, path = '', out: Leaves = new Map()): Leaves {
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) leaves(v, path ? `${path}.${k}` : k, out);
  } else {
    out.set(path, value);
  }
  return out;
}

const placeholders = (s: unknown) =>
  typeof s === 'string' ? [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort() : [];

function expectSameShape(a: object, b: object, names: [string, string]) {
  const left = leaves(a);
  const right = leaves(b);
  const missingRight = [...left.keys()].filter((k) => !right.has(k));
  const missingLeft = [...right.keys()].filter((k) => !left.has(k));
  expect(missingRight, `keys of ${names[0]} missing in ${names[1]}`).toEqual([]);
  expect(missingLeft, `keys of ${names[1]} missing in ${names[0]}`).toEqual([]);
  const wrong: string[] = [];
  for (const [k, v] of left) {
    const w = right.get(k);
    if (typeof v !== typeof w) wrong.push(`${k}: ${typeof v} vs ${typeof w}`);
    else if (placeholders(v).join() !== placeholders(w).join())
      wrong.push(`${k}: {${placeholders(v).join('}, {')}} vs {${placeholders(w).join('}, {')}}`);
    else if (typeof w === 'string' && w.trim() === '' && String(v).trim() !== '') wrong.push(`${k}: empty`);
  }
  expect(wrong, 'texts whose kind or placeholders differ').toEqual([]);
}

describe('message catalogues', () => {
  it('Hindi has every key of English and no other, with the same placeholders', () => {
    expectSameShape(en, hi, ['en', 'hi']);
  });

  it('the employer and admin areas are complete in Hindi too', () => {
    expectSameShape(employerText, employerTextHi, ['employer en', 'employer hi']);
    expectSameShape(adminText, adminTextHi, ['admin en', 'admin hi']);
  });

  it('the validation messages in the Hindi catalogue cover every contract message', () => {
    expectSameShape(contractEn, hi.rules, ['contract en', 'hi.rules']);
  });

  it('Hindi texts are written in Devanagari (not English left untranslated)', () => {
    const sameAsEnglish = [...leaves(hi)]
      .filter(([k, v]) => !k.startsWith('rules.') && typeof v === 'string' && /[a-z]{4,}/i.test(v))
      .filter(([k, v]) => v === leaves(en).get(k) && !/[\u0900-\u097f]/.test(v as string))
      .map(([k]) => k);
    // Brand names, addresses' city names and the language switch's own "English" stay as written.
    expect(
      sameAsEnglish.filter((k) => !/social|whatsapp|contactPage\.locations|language\.english/i.test(k)),
    ).toEqual([]);
  });
});
