import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_WINDOW, TOTAL_CAP } from '@spajobs/contract/common';
import { messages } from '@spajobs/contract/messages';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertJob, insertSpa } from '../../../test/factories.ts';
import { searchPlanning } from '../../repositories/job-repository.ts';
import { spaPlanning } from '../../repositories/spa-repository.ts';

const DAY = 86_400_000;

interface ListBody {
  success: boolean;
  data: { _id: string; title: string }[];
  total: number;
  totalCapped: boolean;
  page: number;
  pages: number;
}

describe('text search: contains, case-insensitive, from the index, same on both engines', () => {
  let t: TestApp;
  const id: Record<string, string> = {};
  // Listings are answered from a short-lived response cache; a search repeated after a write is spelt differently.
  const titles = async (query: Record<string, string>) => {
    const res = await t.app.inject({ url: '/api/v1/spajobs', query: { limit: '100', ...query } });
    expect(res.statusCode).toBe(200);
    const body = res.json<ListBody>();
    expect(body.total).toBe(body.data.length);
    return body.data.map((j) => j.title).sort();
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const now = Date.now();
    const lotus = await insertSpa(t.database, { name: 'Lotus Wellness Retreat' });
    const kerala = await insertSpa(t.database, { name: 'केरल आयुर्वेद केंद्र' });
    const jobs: [string, number, string, string][] = [
      ['therapist', lotus, 'Senior Spa THERAPIST', 'Deep tissue and aromatherapy for guests.'],
      ['masseur', kerala, 'मसाज थेरेपिस्ट', 'अनुभवी थेरेपिस्ट चाहिए'],
      ['percent', lotus, 'Offer: 50% off_now desk', 'Front desk with a sales target.'],
      ['plain', lotus, 'Receptionist', 'Greets guests; knows Balinese massage menus.'],
      ['yoga', kerala, 'Yoga Instructor', 'Morning classes.'],
    ];
    for (const [key, spa, title, description] of jobs) {
      id[key] = String(await insertJob(t.database, spa, { title, description, posted_at: now - DAY }));
    }
  });
  afterAll(() => t.close());

  it('finds any part of a title in any case', async () => {
    expect(await titles({ title: 'therap' })).toEqual(['Senior Spa THERAPIST']);
    expect(await titles({ title: 'SPA ther' })).toEqual(['Senior Spa THERAPIST']);
    expect(await titles({ title: 'rapist' })).toEqual(['Senior Spa THERAPIST']);
    expect(await titles({ title: 'instructor' })).toEqual(['Yoga Instructor']);
  });

  it('finds Devanagari text by any part of it', async () => {
    expect(await titles({ title: 'मसाज' })).toEqual(['मसाज थेरेपिस्ट']);
    expect(await titles({ title: 'थेरे' })).toEqual(['मसाज थेरेपिस्ट']);
    expect(await titles({ q: 'आयुर्वेद' })).toEqual(['Yoga Instructor', 'मसाज थेरेपिस्ट']);
  });

  it('a description as long as a job may have is saved, and found by its last words however the search is read', async () => {
    // 5,000 characters of varied Devanagari (about 15,000 bytes, far past what one index entry
    // holds), ending with words no other job has; the walk tests only the text's start from the
    // index, and must read the rest from the job's row.
    const syllables =
      'क का कि की कु के को ग गा गी ज जा जी त ता ती द दा दी न ना नी प पा पी म मा मी र रा री स सा सी'.split(' ');
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    let description = '';
    while (description.length < 4_960) {
      const word = Array.from({ length: 2 + (next() % 3) }, () => syllables[next() % syllables.length]).join(
        '',
      );
      description += `${word} `;
    }
    description += 'Zanzibarite qj';
    expect(description.length).toBeLessThanOrEqual(5_000);
    const spa = await insertSpa(t.database, { name: 'Lengthy Text House' });
    await insertJob(t.database, spa, {
      title: 'Lengthy Zanzibar Role',
      description,
      posted_at: Date.now() - DAY,
    });
    const defaults = { ...searchPlanning };
    const ways: Partial<typeof searchPlanning>[] = [
      {},
      { fewCandidates: 1, force: 'walk' },
      { force: 'index' },
      ...(t.database.engine === 'sqlite' ? [{ fewCandidates: 1, force: 'semijoin' as const }] : []),
    ];
    // Spelt anew each time, so that no cached answer stands in for the database.
    let spelling = 0;
    const find = (query: Record<string, string>) => titles({ ...query, _: String(++spelling) });
    try {
      for (const way of ways) {
        Object.assign(searchPlanning, defaults, way);
        const label = JSON.stringify(way);
        // Words past the start, in any case; the start itself; and two letters, which only the
        // newest jobs are tested for.
        expect(await find({ q: 'zanzibarite' }), label).toEqual(['Lengthy Zanzibar Role']);
        expect(await find({ q: 'ZANZIBARITE text' }), label).toEqual(['Lengthy Zanzibar Role']);
        expect(await find({ q: 'lengthy' }), label).toEqual(['Lengthy Zanzibar Role']);
        expect(await find({ q: 'qj' }), label).toEqual(['Lengthy Zanzibar Role']);
        expect(await find({ q: 'zanzibaritex' }), label).toEqual([]);
        expect(await find({ title: 'lengthy' }), label).toEqual(['Lengthy Zanzibar Role']);
        // A title, a spa's name and words together, each tested as itself.
        expect(await find({ title: 'zanzibar', spa: 'text house', q: 'lengthy qj' }), label).toEqual([
          'Lengthy Zanzibar Role',
        ]);
        expect(await find({ title: 'zanzibar', spa: 'text hut', q: 'lengthy' }), label).toEqual([]);
      }
    } finally {
      Object.assign(searchPlanning, defaults);
    }
  });

  it('reads % and _ as themselves', async () => {
    expect(await titles({ title: '50%' })).toEqual(['Offer: 50% off_now desk']);
    expect(await titles({ title: 'f_n' })).toEqual(['Offer: 50% off_now desk']);
    expect(await titles({ title: '5%f' })).toEqual([]);
    expect(await titles({ title: '_' })).toEqual(['Offer: 50% off_now desk']);
    expect(await titles({ title: '%' })).toEqual(['Offer: 50% off_now desk']);
    expect(await titles({ title: '"' })).toEqual([]);
    expect(await titles({ title: 'a" OR "b' })).toEqual([]);
  });

  it('answers one- and two-character searches', async () => {
    expect(await titles({ title: 'Yo' })).toEqual(['Yoga Instructor']);
    expect(await titles({ title: 'x' })).toEqual([]);
    expect(await titles({ title: 'ST' })).toEqual([
      'Receptionist',
      'Senior Spa THERAPIST',
      'Yoga Instructor',
    ]);
  });

  it('a keyword needs every word, each in the title, the description or the spa name', async () => {
    expect(await titles({ q: 'aromatherapy' })).toEqual(['Senior Spa THERAPIST']);
    expect(await titles({ q: 'lotus' })).toEqual([
      'Offer: 50% off_now desk',
      'Receptionist',
      'Senior Spa THERAPIST',
    ]);
    expect(await titles({ q: 'lotus balinese' })).toEqual(['Receptionist']);
    expect(await titles({ q: 'RECEPTION greets' })).toEqual(['Receptionist']);
    expect(await titles({ q: 'lotus yoga' })).toEqual([]);
    expect(await titles({ q: 'qwzxv' })).toEqual([]);
    // A word is never found across two of the texts: the title's end and the description's start.
    expect(await titles({ q: 'therapistdeep' })).toEqual([]);
    expect(await titles({ q: 'retreatdeep' })).toEqual([]);
    expect(await titles({ q: 'THERAPIST deep' })).toEqual(['Senior Spa THERAPIST']);
    expect(await titles({ q: '50%' })).toEqual(['Offer: 50% off_now desk']);
    expect(await titles({ q: 'f_n' })).toEqual(['Offer: 50% off_now desk']);
    expect(await titles({ q: '5%f' })).toEqual([]);
    expect(await titles({ q: 'थेरेपिस्ट चाहिए' })).toEqual(['मसाज थेरेपिस्ट']);
  });

  it('the spa-name filter matches part of the name', async () => {
    expect(await titles({ spa: 'wellness' })).toEqual([
      'Offer: 50% off_now desk',
      'Receptionist',
      'Senior Spa THERAPIST',
    ]);
    expect(await titles({ spa: 'wellness', title: 'recep' })).toEqual(['Receptionist']);
    expect(await titles({ spa: 'nowhere' })).toEqual([]);
  });

  it('the index follows every write: a new title, a deleted job, a renamed spa', async () => {
    await t.database.db
      .updateTable('jobs')
      .set({ title: 'Head Receptionist' })
      .where('id', '=', Number(id.plain))
      .execute();
    expect(await titles({ title: 'head rec' })).toEqual(['Head Receptionist']);
    expect(await titles({ title: 'Yoga' })).toEqual(['Yoga Instructor']);
    await t.database.db.deleteFrom('jobs').where('id', '=', Number(id.yoga)).execute();
    // Another spelling of the same search, so that no cached answer stands in for the index.
    expect(await titles({ title: 'YOGA' })).toEqual([]);
    await t.database.db
      .updateTable('spas')
      .set({ name: 'Jasmine Day Spa' })
      .where('name', '=', 'Lotus Wellness Retreat')
      .execute();
    expect(await titles({ q: 'jasmine' })).toEqual([
      'Head Receptionist',
      'Offer: 50% off_now desk',
      'Senior Spa THERAPIST',
    ]);
    expect(await titles({ q: 'LOTUS' })).toEqual([]);
    expect(await titles({ spa: 'jasmine day' })).toHaveLength(3);
  });

  it('a closed job is never found', async () => {
    await t.database.db
      .updateTable('jobs')
      .set({ is_active: 0 })
      .where('id', '=', Number(id.masseur))
      .execute();
    expect(await titles({ title: 'मसा' })).toEqual([]);
  });

  it('spa search by name uses the same rules', async () => {
    const names = async (name: string) =>
      (await t.app.inject({ url: '/api/v1/spas/search', query: { name } }))
        .json<{ data: { name: string }[] }>()
        .data.map((s) => s.name);
    expect(await names('DAY SP')).toEqual(['Jasmine Day Spa']);
    expect(await names('आयुर्')).toEqual(['केरल आयुर्वेद केंद्र']);
    expect(await names('zzqq')).toEqual([]);
    expect(await names('ja')).toEqual(['Jasmine Day Spa']);
    // The renamed spa is found by its new name only; % and _ are the letters typed, not wildcards.
    expect(await names('lotus')).toEqual([]);
    await insertSpa(t.database, { name: 'Relax 100% Pure_Spa' });
    expect(await names('0% PURE_s')).toEqual(['Relax 100% Pure_Spa']);
    expect(await names('1%0')).toEqual([]);
    expect(await names('Da_')).toEqual([]);
    // A double quote is a letter typed too, not the name index's query syntax.
    await insertSpa(t.database, { name: 'Spa "Zen" Retreat' });
    expect(await names('"zEN" r')).toEqual(['Spa "Zen" Retreat']);
    expect(await names('a"z')).toEqual([]);
  });

  it('spas by name are counted alike from either index', async () => {
    await insertSpa(t.database, { name: 'Lotus Day Retreat' });
    await insertSpa(t.database, { name: 'Blue Lotus Spa' });
    // Every trigram of "lotus", none of them after the one before: not a match, however it is counted.
    await insertSpa(t.database, { name: 'Otus Tusker Lot' });
    // A spa gone is not counted from any index.
    const gone = await insertSpa(t.database, { name: 'Lotus Gone Spa' });
    await t.database.db.deleteFrom('spas').where('id', '=', gone).execute();
    let spelling = 0;
    const search = async (name: string) => {
      const res = await t.app.inject({ url: '/api/v1/spas/search', query: { name, _: String(++spelling) } });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ data: { name: string }[]; total: number; totalCapped: boolean }>();
      return { names: body.data.map((s) => s.name), total: body.total, capped: body.totalCapped };
    };
    const parts = [
      'lotus',
      'LOTUS DAY',
      'day',
      'spa',
      'आयुर्वेद',
      '0% pure',
      'zzqq',
      'y sp',
      's s',
      'ot',
      '% _',
    ];
    const seen: Record<string, unknown>[] = [];
    try {
      for (const force of [undefined, 'trigrams', 'names'] as const) {
        spaPlanning.force = force;
        const answers: Record<string, unknown> = {};
        for (const part of parts) answers[part] = await search(part);
        seen.push(answers);
      }
    } finally {
      spaPlanning.force = undefined;
    }
    expect((seen[0]!.lotus as { total: number }).total).toBe(2);
    expect((seen[0]!.day as { total: number }).total).toBeGreaterThanOrEqual(2);
    // Parts the trigram index cannot narrow (PostgreSQL counts them from pairs of characters).
    expect((seen[0]!['s s'] as { names: string[] }).names).toContain('Blue Lotus Spa');
    expect((seen[0]!.ot as { total: number }).total).toBeGreaterThanOrEqual(3);
    for (const other of seen.slice(1)) expect(other).toEqual(seen[0]);
  });
});

describe('totals and pages at scale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 30, jobs: TOTAL_CAP + 1500 } });
  }, 120_000);
  afterAll(() => t.close());

  const list = (query: Record<string, string>) => t.app.inject({ url: '/api/v1/spajobs', query });

  it('counts exactly up to the cap, then says it is capped', async () => {
    const all = (await list({})).json<ListBody>();
    expect(all.total).toBe(TOTAL_CAP);
    expect(all.totalCapped).toBe(true);
    expect(all.pages).toBe(Math.ceil(RESULT_WINDOW / 9));
    const few = (await list({ title: 'yoga' })).json<ListBody>();
    expect(few.totalCapped).toBe(false);
    expect(few.total).toBeGreaterThan(0);
    expect(few.total).toBeLessThan(TOTAL_CAP);
    expect(few.pages).toBe(Math.ceil(few.total / 9));
  });

  it('the same jobs come back whichever way the search is read', async () => {
    // Each search is read as the planner chooses, by walking the date order and testing each
    // job, by walking it keeping only the text index's candidates, and from the text index
    // (its candidates, sorted).
    const ways: (() => void)[] = [
      () => Object.assign(searchPlanning, { force: undefined }),
      () => Object.assign(searchPlanning, { fewCandidates: 1, force: 'walk' }),
      () => Object.assign(searchPlanning, { force: 'index' }),
    ];
    // The walk kept to the index's candidates is SQLite's (PostgreSQL cannot read its index lazily),
    // and so is the word index that shows a count past the cap before a page is walked to.
    if (t.database.engine === 'sqlite') {
      ways.push(() => Object.assign(searchPlanning, { fewCandidates: 1, force: 'semijoin' }));
      ways.push(() =>
        Object.assign(searchPlanning, { fewCandidates: 1, force: 'walk', wordProof: 'always' }),
      );
      ways.push(() => Object.assign(searchPlanning, { fewCandidates: 1, wordProof: 'never' }));
    }
    const defaults = { ...searchPlanning };
    let spelling = 0;
    try {
      const queries: Record<string, string>[] = [
        { title: 'therapist' },
        { title: 'yoga instructor' },
        { title: 'eflexolog' },
        { q: 'spa therapist' },
        { q: 'massage', city: 'Mumbai' },
        { spa: 'spa', title: 'manager' },
        { q: 'qzxv' },
      ];
      for (const query of queries) {
        const seen: { total: number; capped: boolean; ids: string[] }[] = [];
        for (const [w, way] of ways.entries()) {
          Object.assign(searchPlanning, defaults);
          way();
          const ids: string[] = [];
          let body: ListBody | undefined;
          for (const page of ['1', '2', '40']) {
            // Spelt anew each time, so that no cached answer stands in for the database.
            const res = await list({ ...query, limit: '25', page, _: String(++spelling) });
            expect(res.statusCode, `${JSON.stringify(query)}, way ${w}: ${res.body}`).toBe(200);
            body = res.json<ListBody>();
            for (const j of body.data) {
              if (query.title) expect(j.title.toLowerCase()).toContain(query.title);
              ids.push(j._id);
            }
          }
          expect(new Set(ids).size).toBe(ids.length);
          seen.push({ total: body!.total, capped: body!.totalCapped, ids });
        }
        for (const other of seen.slice(1)) expect(other, JSON.stringify(query)).toEqual(seen[0]);
      }
    } finally {
      Object.assign(searchPlanning, defaults);
    }
  });

  it('a listing the summary counts past the cap reads only its page, and answers as counting would', async () => {
    const defaults = { ...searchPlanning };
    let spelling = 0;
    const read = async (query: Record<string, string>) => {
      const pages: { total: number; capped: boolean; ids: string[] }[] = [];
      for (const page of ['1', '2', '40', String(Math.ceil(RESULT_WINDOW / 9))]) {
        const res = await list({ ...query, limit: '9', page, _: String(++spelling) });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json<ListBody>();
        pages.push({ total: body.total, capped: body.totalCapped, ids: body.data.map((j) => j._id) });
      }
      return pages;
    };
    try {
      // The summary counted 11,500 open jobs: with the threshold at the cap, the whole board is past it.
      searchPlanning.summaryPastCap = TOTAL_CAP + 1;
      const before = searchPlanning.fromSummary;
      // The summary is counted in the background after the first search that asks for it.
      for (let i = 0; i < 50 && searchPlanning.fromSummary === before; i++) {
        await list({ _: String(++spelling) });
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(searchPlanning.fromSummary).toBeGreaterThan(before);
      for (const query of [{}, { sort: 'salary' }] as Record<string, string>[]) {
        const fromSummary = searchPlanning.fromSummary;
        const shown = await read(query);
        expect(searchPlanning.fromSummary - fromSummary).toBe(4);
        expect(shown[0]).toMatchObject({ total: TOTAL_CAP, capped: true });
        expect(shown.slice(0, 3).every((p) => p.ids.length === 9)).toBe(true);
        // Newest first, the deepest page of the window ends where a count's reading ends: the cap's worth and one.
        if (!('sort' in query))
          expect(shown[3]!.ids.length).toBe(TOTAL_CAP + 1 - (Math.ceil(RESULT_WINDOW / 9) - 1) * 9);
        searchPlanning.summaryPastCap = Number.POSITIVE_INFINITY;
        const counted = await read(query);
        searchPlanning.summaryPastCap = TOTAL_CAP + 1;
        expect(shown, JSON.stringify(query)).toEqual(counted);
      }
      // A city with fewer jobs than the threshold, and a filter the summary does not count, are counted.
      const city = (await list({ limit: '1' })).json<{ data: { city: string }[] }>().data[0]!.city;
      for (const query of [{ city }, { salaryMin: '1' }] as Record<string, string>[]) {
        const fromSummary = searchPlanning.fromSummary;
        const body = (await list({ ...query, _: String(++spelling) })).json<ListBody>();
        expect(searchPlanning.fromSummary).toBe(fromSummary);
        if ('city' in query) {
          expect(body.totalCapped).toBe(false);
          expect(body.total).toBeLessThan(TOTAL_CAP);
        }
      }
    } finally {
      Object.assign(searchPlanning, defaults, { fromSummary: searchPlanning.fromSummary });
    }
  });

  it('the deepest page of the window answers; a page past it is refused with a way forward', async () => {
    const last = await list({ page: String(Math.ceil(RESULT_WINDOW / 9)) });
    expect(last.statusCode).toBe(200);
    expect(last.json<ListBody>().data.length).toBeGreaterThan(0);
    for (const page of [String(Math.ceil(RESULT_WINDOW / 9) + 1), '100000']) {
      const res = await list({ page });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: messages.pageBeyondWindow });
    }
    const recent = await t.app.inject({ url: '/api/v1/spajobs/recent', query: { page: '100000' } });
    expect(recent.statusCode).toBe(400);
  });
});
