import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type QueryCreator,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import type { Spa } from '@spajobs/contract/spa';
import { localPlanSettings, prepared, type Db } from '../db/database.ts';
import type { Database, SpaRow } from '../db/schema.ts';
import {
  EARTH_RADIUS_KM,
  MAX_PAGE_SIZE,
  NEAR_COUNT_CAP,
  RESULT_WINDOW,
  TOTAL_CAP,
} from '@spajobs/contract/common';
import {
  charLength,
  ftsPhrase,
  ftsQuery,
  isIndexable,
  pgTrigramsIn,
  phraseFindsAsLike,
  spaNameContains,
  type SpaNameTest,
  trigramsOf,
  trigramsServe,
} from '../db/text-search.ts';
import {
  closenessOf,
  distanceFrom,
  distanceFromPoint,
  distancePoint,
  leastCloseness,
  unitVector,
} from '../db/distance.ts';
import { ReusableQuery } from '../db/reusable-query.ts';
import { REACH_SIZES, REACH_STRIPS_PER_DEGREE, reachSize } from '../db/spa-reaches.ts';
import { CARD_COLUMNS, cardKeySql, DEFAULT_CATEGORY } from '../db/spa-cards.ts';
import { SPA_NAME_PART_CHARS } from '../db/sqlite/spa-name-parts.mjs';
import { lowerAscii } from '../db/sqlite/text-words.mjs';
import {
  CENTRE_HALF_WIDTHS_KM,
  type CentrePiece,
  centrePieces,
  distanceKm,
  kmPerDegreeOfLongitude,
  roundKm,
  stripRanges,
} from '../lib/geo.ts';
import { activeJobFilter } from './job-repository.ts';

/** Spas a search engine may list: checked by an admin, or imported and not yet claimed. */
const SITEMAP_SPAS = ['verified', 'listed'];

export interface SpaFilters {
  name?: string | undefined;
  state?: string | undefined;
  city?: string | undefined;
}

export interface Near {
  lat: number;
  lng: number;
  radiusKm?: number | undefined;
}

/**
 * The columns a listed spa (`toSpa`) is made of, and its place: not its import key, its notes, nor the
 * place index's computed columns, which a row read with all its columns computes for each spa.
 */
const LISTED = ['id', ...CARD_COLUMNS] as const;
type SpaWithCount = Pick<SpaRow, (typeof LISTED)[number]> & { open_jobs: number };
/** One strip of a circle (`stripRanges`) as a row. */
interface StripRow {
  s: number;
  lo: number;
  hi: number;
  inner_lo: number;
  inner_hi: number;
}
/** Where a circle's strips can be read from. */
type StripTables = Pick<QueryCreator<Database & { strips: StripRow }>, 'selectFrom'>;
/** One piece of the centre's strip (`centrePieces`) as a row. */
interface PieceRow {
  s: number;
  lo: number;
  hi: number;
  /** The piece's part as a bit of one of two packed counts (`partWeights`). */
  a: number;
  b: number;
}

export function toSpa(row: SpaWithCount, distance?: number): Spa {
  const coordinates: [number, number] = [row.longitude, row.latitude];
  return {
    _id: String(row.id),
    name: row.name,
    business_name: row.business_name,
    category: row.category || DEFAULT_CATEGORY,
    logo: row.logo,
    website: row.website,
    phone: row.phone,
    email: row.email,
    address: { state: row.state, district: row.district, city: row.city, pincode: row.pincode },
    city: row.city,
    state: row.state,
    fullAddress: row.full_address,
    location: { type: 'Point', coordinates },
    geolocation: { coordinates },
    rating: Math.min(5, Math.max(0, Number(row.rating))),
    reviews: Number(row.reviews_count),
    direction: row.map_link,
    googleMap: row.google_map,
    galleryImages: JSON.parse(row.gallery_images || '[]') as string[],
    openingHours: row.opening_hours,
    closingHours: row.closing_hours,
    openJobs: Number(row.open_jobs),
    verified: row.verification === 'verified',
    ...(distance === undefined ? {} : { distance: roundKm(distance) }),
  };
}

export function parseId(id: string): number | null {
  return /^[1-9][0-9]{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null;
}

/** A name held by fewer spas than this is looked up in the text index. */
const FEW_SPAS = 5_000;
/**
 * PostgreSQL: below this many matching spas a page is read from the name's trigram index and sorted;
 * above it, walking the rating order finds a page's worth sooner.
 */
const PG_FEW_SPAS = 500;
/**
 * SQLite's costs of a page of spas by name, in microseconds, measured at 100,000 spas: a spa of the name
 * index, its row read and sorted by rating; an entry of the rating order's index, its name tested.
 */
const SQLITE_NAME_COST = { candidate: 1.5, entry: 0.06 };
/**
 * The smaller circle a nearest-first page is first read from (`near`): at the mean density of the
 * `total` spas counted within `radiusKm`, it would hold NEAR_INNER_MARGIN times the `needed` nearest.
 * When it holds fewer, a circle twice as wide is read next, up to the whole (decision 51's addendum).
 */
const NEAR_INNER_MARGIN = 2;
function innerRadius(radiusKm: number, total: number, needed: number): number {
  return radiusKm * Math.sqrt(Math.min(1, (NEAR_INNER_MARGIN * needed) / Math.max(1, total)));
}
/** The fewest spas a part of the centre's strip must hold for its density to stand for the centre's. */
const CENTRE_SAMPLE = 25;
/** No strip has this number: the count's sure part leaves it out when the centre's strip has no pieces. */
const NO_STRIP = -1_000_000;
/**
 * The spas whose reaches bound a page's circle (decision 90): those in the point's strip of the reaches
 * within NEAR_REACH_KM[0] east or west of it, or when it has none, those in the REACH_STRIPS_AROUND strips
 * either side within NEAR_REACH_KM[1].
 */
const NEAR_REACH_KM = [0.5, 3] as const;
const REACH_STRIPS_AROUND = 3;
/** Added to a reach's bound: its distances and the page's test are computed by two formulas. */
const REACH_MARGIN_KM = 0.001;

/**
 * The radius of the smaller circle a page is first read from (decision 69): one that would hold
 * NEAR_INNER_MARGIN times the `needed` nearest at the density of spas around the centre, taken from the
 * smallest part of the centre's strip that holds CENTRE_SAMPLE of them (`centre[k]` spas in
 * `areasKm2[k]`, parts nested). Spas crowd a city's centre and thin out around it, so the mean density of
 * a wide circle (`innerRadius`), which is used when no part holds enough, made the smaller circle hold
 * ten times the page. The whole circle when it holds the page with the margin; a count stopped at its cap
 * (`capped`) holds more than `total`, so it never tells that.
 */
export function pageRadius(
  radiusKm: number,
  total: number,
  needed: number,
  centre: readonly number[],
  areasKm2: readonly number[],
  capped = false,
): number {
  if (!capped && total <= NEAR_INNER_MARGIN * needed) return radiusKm;
  const k = centre.findIndex((n) => n >= CENTRE_SAMPLE);
  if (k < 0 || !spaPlanning.centreDensity) return innerRadius(radiusKm, total, needed);
  const perKm2 = centre[k]! / areasKm2[k]!;
  return Math.min(radiusKm, Math.sqrt((NEAR_INNER_MARGIN * needed) / (Math.PI * perKm2)));
}

/** What a circle's statements take as values: its strips as JSON, its centre's unit vector, its least closeness. */
interface CircleValues {
  strips: string;
  x: number;
  y: number;
  z: number;
  least: number;
}

function circleValues(
  near: Required<Near>,
  ranges = stripRanges(near.lat, near.lng, near.radiusKm),
): CircleValues {
  const strips = JSON.stringify(ranges.map((r) => [r.strip, r.lo, r.hi, r.innerLo, r.innerHi]));
  return { strips, ...unitVector(near.lat, near.lng), least: leastCloseness(near.radiusKm) };
}

/**
 * Where a count looks for the spas whose reaches bound the page's circle (`reachBound`): the point's strip of
 * the reaches and its longitudes within NEAR_REACH_KM[0], else the strips around within NEAR_REACH_KM[1];
 * `size`, the reach read (REACH_SIZES, or 0 for none).
 */
interface ReachValues {
  size: number;
  reachStrip: number;
  nearLo: number;
  nearHi: number;
  aroundLo: number;
  aroundHi: number;
}

function reachValues(near: Required<Near>, size: number | undefined): ReachValues {
  const [nearKm, aroundKm] = NEAR_REACH_KM.map((km) => km / kmPerDegreeOfLongitude(near.lat)) as [
    number,
    number,
  ];
  // No size: a window that holds nothing, so that nothing is read.
  const none = size === undefined;
  return {
    size: size ?? 0,
    reachStrip: Math.floor(near.lat * REACH_STRIPS_PER_DEGREE),
    nearLo: none ? 1 : near.lng - nearKm,
    nearHi: none ? 0 : near.lng + nearKm,
    aroundLo: none ? 1 : near.lng - aroundKm,
    aroundHi: none ? 0 : near.lng + aroundKm,
  };
}

/** What a page of a circle takes besides: the time its open jobs are counted at, its place and distance's point. */
interface PageValues extends CircleValues {
  now: number;
  limit: number;
  offset: number;
  lat: number;
  lng: number;
  cosLat: number;
}

/** A row of a nearest-first page: the spa as the contract's JSON, from its card (decision 83). */
interface PageRow {
  j: string;
}

/** A page's spas, each as its row wrote it, as one JSON array. */
const pageJson = (rows: PageRow[]) => `[${rows.map((r) => r.j).join(',')}]`;

const hasFilters = (f: SpaFilters) => !!(f.name || f.state || f.city);

/** The parts of the centre's strip a count tells apart (`centrePieces`): one more than its widths. */
const CENTRE_LEVELS = CENTRE_HALF_WIDTHS_KM.length + 1;
/**
 * The count adds up its parts' counts in two sums (decision 89): each of the centre's pieces carries its
 * part as a power of two, `PART_BITS` bits a part, PARTS_PER_SUM parts in each sum, and every other entry
 * carries nothing. A count stops below 2^PART_BITS entries, so no part's count reaches into the next.
 */
const PART_BITS = 20;
const PARTS_PER_SUM = 3;
// A count goes to its cap, or to the end of the last page a window allows (decision 86).
if (
  CENTRE_LEVELS > 2 * PARTS_PER_SUM ||
  Math.max(NEAR_COUNT_CAP, RESULT_WINDOW + MAX_PAGE_SIZE) >= 2 ** PART_BITS
) {
  throw new Error('the centre parts do not fit the count');
}

/** What a piece of `level` adds to each of the count's two sums. */
function partWeights(level: number): [number, number] {
  const bit = 2 ** (PART_BITS * (level % PARTS_PER_SUM));
  return level < PARTS_PER_SUM ? [bit, 0] : [0, bit];
}

/** The centre's pieces as the count takes them: one JSON array, each piece with its part's weights. */
export function piecesJson(pieces: readonly CentrePiece[]): string {
  return JSON.stringify(pieces.map((p) => [p.strip, p.lo, p.hi, ...partWeights(p.level)]));
}

/** Each part's count, from the count's two sums (as text: a sum can pass 2^53). */
export function partCounts(a: string | null, b: string | null): number[] {
  const sums = [BigInt(a ?? 0), BigInt(b ?? 0)];
  const mask = BigInt(2 ** PART_BITS - 1);
  return Array.from({ length: CENTRE_LEVELS }, (_, k) =>
    Number((sums[Math.floor(k / PARTS_PER_SUM)]! >> BigInt(PART_BITS * (k % PARTS_PER_SUM))) & mask),
  );
}

/**
 * A way to force how spas are read by name (PostgreSQL's count, SQLite's page): tests read them each way and
 * compare; the server never sets it.
 */
export const spaPlanning: {
  force?: 'trigrams' | 'names' | undefined;
  /** Whether a short name part alone is counted from its row of `spa_name_parts` (migration 0037). */
  partCounts: boolean;
  /** Nearest-first pages read from a smaller circle than asked, and those read again from the whole (read by tests). */
  fromInner: number;
  innerFellShort: number;
  /** Whether a spa's open jobs are read from its row when its count holds (migration 0039). */
  openJobCounts: boolean;
  /** Whether the smaller circle is sized by the density around the centre (`pageRadius`). */
  centreDensity: boolean;
  /** Whether the smaller circle is bounded by the reaches of the spas next to the point, when known (decision 90). */
  reaches: boolean;
  /** Pages whose circle was bounded by a reach (read by tests). */
  fromReach: number;
} = {
  partCounts: true,
  fromInner: 0,
  innerFellShort: 0,
  openJobCounts: true,
  centreDensity: true,
  reaches: true,
  fromReach: 0,
};

/** How many spas whose open-job count has passed its time one statement counts again: on SQLite the
 * statement holds the API's thread, a millisecond or so for a hundred spas. */
const RECOUNT_BATCH = 100;

/**
 * Whether a name part searched alone is counted from its row of `spa_name_parts` (decision 66): one of one
 * to SPA_NAME_PART_CHARS characters, with no place filter.
 */
function countedByPart(f: SpaFilters): f is SpaFilters & { name: string } {
  return (
    spaPlanning.partCounts &&
    !spaPlanning.force &&
    !!f.name &&
    !f.state &&
    !f.city &&
    charLength(f.name) <= SPA_NAME_PART_CHARS
  );
}

/**
 * SQLite: whether a page of a name part's `n` spas (of about `spas`) costs less read from the name index
 * (each spa's row read, then sorted by rating) than by walking the rating order until `needed` match, by
 * the part's share of all spas.
 */
function fewerFromPhrase(n: number, spas: number, needed: number): boolean {
  if (spaPlanning.force) return spaPlanning.force === 'trigrams';
  const all = Math.max(n, spas);
  const walked = Math.min(all, (needed * all) / Math.max(n, 1));
  return n * SQLITE_NAME_COST.candidate < walked * SQLITE_NAME_COST.entry;
}

export class SpaRepository {
  constructor(private readonly d: Db) {}

  /** Public reads only: they go to the replica when there is one (DATABASE_READ_URL). */
  private get db(): Kysely<Database> {
    return this.d.read;
  }

  /**
   * Spas with their open jobs: read from the spa's row while its count holds (from `open_jobs_from` to
   * before `open_jobs_until`, decision 67), else counted in the jobs' index as the count would be.
   */
  private withOpenJobs(now: number, db = this.db) {
    return db
      .selectFrom('spas')
      .select(LISTED.map((c) => `spas.${c}` as const))
      .select((eb) => this.openJobs(eb, now).as('open_jobs'));
  }

  /** A spa's open jobs as `withOpenJobs` reads them. */
  private openJobs(eb: ExpressionBuilder<Database, 'spas'>, now: number, from = 'spas'): RawBuilder<number> {
    const counted = eb
      .selectFrom('jobs')
      .select(eb.fn.countAll<number>().as('n'))
      .where(sql<SqlBool>`jobs.spa_id = ${sql.ref(`${from}.id`)}`)
      .where((w) => activeJobFilter(w, now, true));
    if (!spaPlanning.openJobCounts) return sql<number>`(${counted})`;
    const [at, until, open] = ['open_jobs_from', 'open_jobs_until', 'open_jobs'].map((c) =>
      sql.ref(`${from}.${c}`),
    );
    return sql<number>`case when ${at} <= ${now} and (${until} is null or ${until} > ${now})
      then ${open} else (${counted}) end`;
  }

  /**
   * Counts again the open jobs of the spas whose count has passed its time (`open_jobs_until`), as of
   * `now`, at most RECOUNT_BATCH of them; how many. On PostgreSQL the spas are locked first, in order of
   * id, skipping any that a write to their jobs holds (they are counted again at the next run), and
   * counted in a statement of its own that sees every job committed before.
   */
  async recountOpenJobs(now = Date.now()): Promise<number> {
    // Each spa's open jobs as of `now`, as a page counts them (`withOpenJobs`), with their earliest expiry.
    const open = this.d.db
      .selectFrom('jobs')
      .select((eb) => [
        eb.fn.countAll().as('n'),
        sql`cast(${now} as bigint)`.as('from'),
        eb.fn.min('jobs.expires_at').as('until'),
      ])
      .where('jobs.spa_id', '=', sql.ref<number>('spas.id'))
      .where((w) => activeJobFilter(w, now));
    const recount = (ids: Expression<unknown>) =>
      sql`update spas set (open_jobs, open_jobs_from, open_jobs_until) = ${open} where spas.id in ${ids}`;
    if (this.d.engine === 'sqlite') {
      const r = await recount(
        this.d.db.selectFrom('spas').select('id').where('open_jobs_until', '<=', now).limit(RECOUNT_BATCH),
      ).execute(this.d.db);
      return Number(r.numAffectedRows ?? 0);
    }
    return this.d.db.transaction().execute(async (tx) => {
      const due = await tx
        .selectFrom('spas')
        .select('id')
        .where('open_jobs_until', '<=', now)
        .orderBy('id')
        .limit(RECOUNT_BATCH)
        .forNoKeyUpdate()
        .skipLocked()
        .execute();
      if (!due.length) return 0;
      await recount(sql<number>`(${sql.join(due.map((r) => r.id))})`).execute(tx);
      return due.length;
    });
  }

  private async byIds(ids: number[], now = Date.now()): Promise<Map<number, SpaWithCount>> {
    if (!ids.length) return new Map();
    const rows = (await prepared(
      this.withOpenJobs(now).where('spas.id', 'in', ids),
    ).execute()) as SpaWithCount[];
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** The sitemap's spa files: verified and listed spas grouped by id range, with count and newest. */
  async sitemapGroups(pageSize: number): Promise<{ group: number; count: number; lastmod: number }[]> {
    const rows = await this.db
      .selectFrom('spas')
      .where('spas.verification', 'in', SITEMAP_SPAS)
      .select([
        sql<number>`spas.id / ${sql.lit(pageSize)}`.as('grp'),
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.max('spas.created_at').as('lastmod'),
      ])
      .groupBy(sql`spas.id / ${sql.lit(pageSize)}`)
      .orderBy('grp')
      .execute();
    return rows.map((r) => ({ group: Number(r.grp), count: Number(r.n), lastmod: Number(r.lastmod) }));
  }

  /** Verified and listed spas with `after < id < before`, by id: one keyset step of a sitemap file. */
  async sitemapChunk(
    after: number,
    before: number,
    limit: number,
  ): Promise<{ id: number; lastmod: number }[]> {
    const rows = await this.db
      .selectFrom('spas')
      .where('spas.verification', 'in', SITEMAP_SPAS)
      .where('spas.id', '>', after)
      .where('spas.id', '<', before)
      .select(['spas.id', 'spas.created_at'])
      .orderBy('spas.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: Number(r.id), lastmod: Number(r.created_at) }));
  }

  async findById(id: number): Promise<Spa | null> {
    const row = (await this.withOpenJobs(Date.now()).where('spas.id', '=', id).executeTakeFirst()) as
      SpaWithCount | undefined;
    return row ? toSpa(row) : null;
  }

  /**
   * `name`, on PostgreSQL: `index`, the name may be read from its trigram index; `row`, it is tested on
   * each spa the plan reads; `walk`, the same, with the planner told that many spas match, so that a page
   * walks the rating order (see `search`).
   */
  private filterWhere(f: SpaFilters, name: SpaNameTest = 'row') {
    return (eb: ExpressionBuilder<Database, 'spas'>) => {
      const parts: Expression<SqlBool>[] = [];
      if (f.name) parts.push(spaNameContains(this.d.engine, f.name, name));
      if (f.state) parts.push(eb('spas.state', '=', f.state));
      if (f.city) parts.push(eb('spas.city', '=', f.city));
      return eb.and(parts);
    };
  }

  /**
   * The strips a circle crosses (`stripRanges`), as the rows of `strips`: read once from one parameter, a
   * JSON array (`circleValues`), and kept (materialized), so that each strip's bounds are values of a row
   * and not read from the JSON again for each spa.
   */
  private circleStrips(json: string) {
    // Its statements' plans are the same for every place and radius: planned once (decision 62).
    return this.d.fixedPlans.with(
      (w) => w('strips').materialized(),
      () =>
        this.d.engine === 'postgres'
          ? sql<StripRow>`(select (e->>0)::integer as s, (e->>1)::float8 as lo, (e->>2)::float8 as hi,
              (e->>3)::float8 as inner_lo, (e->>4)::float8 as inner_hi from jsonb_array_elements(${json}::jsonb) as e)`
          : sql<StripRow>`(select value->>0 as s, value->>1 as lo, value->>2 as hi, value->>3 as inner_lo,
              value->>4 as inner_hi from json_each(${json}))`,
    );
  }

  /**
   * The place index's entries in each of a circle's strips whose longitude meets `longitudes` (bounds
   * from the columns of `strips`), with the filters: strip by strip, the strips first (a cross join
   * keeps SQLite's order), each a range of the index.
   */
  private stripEntries(db: StripTables, filters: SpaFilters, longitudes: RawBuilder<SqlBool>) {
    return db
      .selectFrom('strips')
      .crossJoin('spas')
      .where(sql.ref('spas.place_strip'), '=', sql.ref('strips.s'))
      .where(longitudes)
      .where(this.filterWhere(filters) as never);
  }

  /**
   * How many spas are within a circle, up to `countTo`: in each strip, those surely inside counted from
   * the index alone, and those between the sure part and the strip's bounds on either side tested by their
   * closeness to the centre (a dot product of unit vectors, `closenessOf`, decision 40). The sure part of
   * the centre's strip (`split`) is read in its pieces (`centrePieces`), part by part, first: how thick
   * spas are around the centre (decision 69). The ranges are read one after another, the pieces first and
   * in their order, as one list of entries that stops at `countTo` (decision 86), each entry of a piece
   * carrying its part's weights (`partWeights`) and every other entry none: `n`, how many in all, and `a`
   * and `b`, the sums of the weights, which hold how many in each part (`partCounts`, decision 89).
   */
  private countStatement(
    v: CircleValues & { split: number; pieces: string; countTo: number } & ReachValues,
    filters: SpaFilters,
  ) {
    const closeness = closenessOf(v);
    const reach = this.reachBound(v);
    const lng = sql.ref('spas.longitude');
    return prepared(
      this.circleStrips(v.strips)
        .with(
          (w) => w('pieces').materialized(),
          () =>
            this.d.engine === 'postgres'
              ? sql<PieceRow>`(select (e->>0)::integer as s, (e->>1)::float8 as lo, (e->>2)::float8 as hi,
              (e->>3)::bigint as a, (e->>4)::bigint as b from jsonb_array_elements(${v.pieces}::jsonb) as e)`
              : sql<PieceRow>`(select value->>0 as s, value->>1 as lo, value->>2 as hi, value->>3 as a,
              value->>4 as b from json_each(${v.pieces}))`,
        )
        .selectFrom((eb) => {
          const db = eb as unknown as StripTables;
          const centre = (eb as unknown as Pick<QueryCreator<Database & { pieces: PieceRow }>, 'selectFrom'>)
            .selectFrom('pieces')
            .crossJoin('spas')
            .where(sql.ref('spas.place_strip'), '=', sql.ref('pieces.s'))
            .where(sql<SqlBool>`${lng} > pieces.lo and ${lng} <= pieces.hi`)
            .where(this.filterWhere(filters) as never)
            .select([sql<number>`pieces.a`.as('a'), sql<number>`pieces.b`.as('b')]);
          const range = (longitudes: RawBuilder<SqlBool>, test?: RawBuilder<SqlBool>) =>
            this.stripEntries(db, filters, longitudes)
              .$if(!!test, (q) => q.where(test!))
              .select([sql<number>`0`.as('a'), sql<number>`0`.as('b')]);
          const inCircle = sql<SqlBool>`${closeness} >= ${v.least}`;
          return centre
            .unionAll(
              range(sql`${lng} > strips.inner_lo and ${lng} <= strips.inner_hi and strips.s <> ${v.split}`),
            )
            .unionAll(range(sql`${lng} >= strips.lo and ${lng} <= strips.inner_lo`, inCircle))
            .unionAll(range(sql`${lng} > strips.inner_hi and ${lng} <= strips.hi`, inCircle))
            .limit(this.keptLimit(v.countTo))
            .as('x');
        })
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          sql<string | null>`cast(sum(x.a) as text)`.as('a'),
          sql<string | null>`cast(sum(x.b) as text)`.as('b'),
          reach.as('reach'),
        ]),
    ).$castTo<{ n: number; a: string | null; b: string | null; reach: number | null }>();
  }

  /**
   * How far from the point a circle surely holds the first `size` spas (decision 90): the least, over the
   * spas next to it (`ReachValues`), of a spa's distance plus its reach of that size. The circle of a spa's
   * reach holds `size` spas, and a circle around the point as wide as the spa's distance and reach holds
   * that one. Null when no spa is next to the point or none has a reach of that size.
   */
  private reachBound(v: ReachValues & { x: number; y: number; z: number }): RawBuilder<number | null> {
    const pg = this.d.engine === 'postgres';
    const least = pg ? 'least' : 'min';
    const closeness = sql`(r.ux * ${v.x} + r.uy * ${v.y} + r.uz * ${v.z})`;
    const reach = sql`case ${pg ? sql`${v.size}::integer` : v.size} ${sql.join(
      REACH_SIZES.map((size) => sql`when ${sql.lit(size)} then ${sql.ref(`r.r${size}`)}`),
      sql` `,
    )} end`;
    const bound = sql`min(${sql.lit(EARTH_RADIUS_KM)} * acos(${sql.raw(least)}(1, ${closeness})) + ${reach})`;
    const strips = Array.from({ length: 2 * REACH_STRIPS_AROUND + 1 }, (_, k) =>
      pg
        ? sql`${v.reachStrip}::integer + ${sql.lit(k - REACH_STRIPS_AROUND)}`
        : sql`${v.reachStrip} + ${sql.lit(k - REACH_STRIPS_AROUND)}`,
    );
    return sql<number | null>`coalesce(
      (select ${bound} from spa_reaches as r
        where r.strip = ${v.reachStrip} and r.longitude >= ${v.nearLo} and r.longitude <= ${v.nearHi}),
      (select ${bound} from spa_reaches as r
        where r.strip in (${sql.join(strips)}) and r.longitude >= ${v.aroundLo} and r.longitude <= ${v.aroundHi}))`;
  }

  /**
   * A LIMIT that leaves a statement's plan as it was prepared. SQLite (built with STAT4) reads a LIMIT
   * given as a bare parameter when it plans, so it marks the statement to be planned again whenever that
   * parameter is bound, which is at every run, whatever its value: a nearby statement spent about a fifth
   * of its time being prepared again. An expression of the parameter is not read when planning. The
   * nearby statements' plans do not depend on their limit (decision 42).
   */
  private keptLimit(n: number) {
    return this.d.engine === 'sqlite' ? sql<number>`${n} + 0` : n;
  }

  /** The count of a circle with no filters (nearby spas), built once. */
  private readonly countQuery = new ReusableQuery(
    (
      strips: string,
      x: number,
      y: number,
      z: number,
      least: number,
      split: number,
      pieces: string,
      countTo: number,
      size: number,
      reachStrip: number,
      nearLo: number,
      nearHi: number,
      aroundLo: number,
      aroundHi: number,
    ) =>
      this.countStatement(
        {
          strips,
          x,
          y,
          z,
          least,
          split,
          pieces,
          countTo,
          size,
          reachStrip,
          nearLo,
          nearHi,
          aroundLo,
          aroundHi,
        },
        {},
      ),
    [
      '[[-1.25]]',
      -0.375,
      -0.3125,
      -0.28125,
      -0.265625,
      -999_999.5,
      '[[-2.5]]',
      1_000_013,
      1_000_019,
      -999_983,
      -0.59375,
      -0.5625,
      -0.65625,
      -0.53125,
    ],
  );

  /**
   * How many spas are within a circle (`countStatement`), up to `cap` (`capped` when there are more),
   * and `centre[k]`, how many of those the centre's strip holds within its kth part, of `areasKm2[k]`.
   * The count's entries stop at one past the cap, the centre's parts read first, so when the circle holds
   * more than the cap the part the cap falls in is counted short, and the parts after it not at all; the
   * parts up to it then hold more than the cap, far more than CENTRE_SAMPLE, so the density is taken from
   * a part read whole or from one cut short, at most too low, and the page's smaller circle at most too
   * wide.
   */
  private async countInCircle(
    near: Required<Near>,
    filters: SpaFilters,
    cap: number,
    needed: number,
  ): Promise<{
    total: number;
    capped: boolean;
    centre: number[];
    areasKm2: number[];
    reachKm: number | null;
  }> {
    const ranges = stripRanges(near.lat, near.lng, near.radiusKm);
    // A reach counts every spa: with filters, the page's circle comes from the count's density alone.
    const v = {
      ...circleValues(near, ranges),
      ...reachValues(near, hasFilters(filters) ? undefined : reachSize(needed)),
    };
    const { pieces, areasKm2 } = centrePieces(near.lat, near.lng, ranges);
    const split = pieces[0]?.strip ?? NO_STRIP;
    const json = piecesJson(pieces);
    const countTo = cap + 1;
    const row = hasFilters(filters)
      ? await this.countStatement({ ...v, split, pieces: json, countTo }, filters).executeTakeFirstOrThrow()
      : (
          await this.countQuery.execute(
            this.d.fixedPlans,
            v.strips,
            v.x,
            v.y,
            v.z,
            v.least,
            split,
            json,
            countTo,
            v.size,
            v.reachStrip,
            v.nearLo,
            v.nearHi,
            v.aroundLo,
            v.aroundHi,
          )
        ).rows[0]!;
    const parts = partCounts(row.a, row.b);
    // Each part holds those within it: the nested parts' counts add up.
    const centre = parts.map((_, k) => parts.slice(0, k + 1).reduce((a, b) => a + b, 0));
    const counted = Number(row.n);
    return {
      total: Math.min(counted, cap),
      capped: counted > cap,
      centre: centre.slice(0, areasKm2.length),
      areasKm2,
      reachKm: row.reach === null ? null : Number(row.reach),
    };
  }

  /**
   * A page of the spas within a circle, nearest first (`p`, their closeness,
   * descending; then id), as a subquery `r` with each one's place: the
   * database reads each strip's range of the index, keeps the nearest in a
   * small sorted set, and only the rows of the page get a distance
   * (`distanceFrom`).
   */
  private nearestFirst(v: CircleValues, filters: SpaFilters, limit: number, offset: number) {
    const closeness = closenessOf(v);
    const lng = sql.ref('spas.longitude');
    return this.stripEntries(
      this.circleStrips(v.strips),
      filters,
      sql`${lng} >= strips.lo and ${lng} <= strips.hi`,
    )
      .where(sql<SqlBool>`${closeness} >= ${v.least}`)
      .select([
        'spas.id',
        sql<number>`spas.place_strip`.as('place_strip'),
        'spas.latitude',
        'spas.longitude',
        closeness.as('p'),
      ])
      .orderBy('p', 'desc')
      .orderBy('spas.id')
      .limit(this.keptLimit(limit))
      .offset(offset)
      .as('r');
  }

  /**
   * The spas within a radius, nearest first, at most `cap` of them, with
   * their distance, found and cut by the database (never in the event loop).
   * Jobs near a place are these spas' jobs.
   */
  async within(lat: number, lng: number, radiusKm: number, cap: number): Promise<Map<number, number>> {
    const rows = await prepared(
      this.d.fixedPlans
        .selectFrom(this.nearestFirst(circleValues({ lat, lng, radiusKm }), {}, cap, 0))
        .select(['r.id', distanceFrom(this.d.engine, lat, lng, 'r').as('d')])
        .orderBy('r.p', 'desc')
        .orderBy('r.id'),
    ).execute();
    return new Map(rows.map((r) => [Number(r.id), Number(r.d)]));
  }

  /**
   * Spas within a radius, nearest first, and how many there are, up to NEAR_COUNT_CAP or the page's end
   * when further (`totalCapped` when there are more, decision 86): two
   * statements. The circle is counted first (its strips' ranges of the
   * place index, without a sort, `countInCircle`). The page lies among its nearest `offset + limit` spas,
   * so it is read, whole rows and distances, from a smaller circle around
   * the same point: one that the reaches of the spas next to the point say holds them (decision 90), read
   * by the count, or when none is known one that would hold NEAR_INNER_MARGIN times as many at the
   * density around the centre (`pageRadius`): if that circle holds the whole page, every spa
   * outside it is farther than each of the page's, and the page is the
   * circle's. Otherwise (spas thinner near the point than the estimate)
   * circles twice as wide are read, up to the whole (decision 51). The statements' plans
   * are the same for every place and radius (the place index, read strip by
   * strip, the strips one parameter), so they are kept prepared (decision 42), and with no filters built
   * once (`ReusableQuery`). The page is the contract's JSON array of its spas, each written by the database
   * from its card (decisions 79 and 83).
   */
  async nearJson(
    near: Required<Near>,
    filters: SpaFilters,
    page: number,
    limit: number,
  ): Promise<{ json: string; total: number; totalCapped: boolean }> {
    const offset = (page - 1) * limit;
    const { total, capped, centre, areasKm2, reachKm } = await this.countInCircle(
      near,
      filters,
      Math.max(NEAR_COUNT_CAP, offset + limit),
      offset + limit,
    );
    if (offset >= total) return { json: '[]', total, totalCapped: capped };
    const expected = Math.min(limit, total - offset);
    // The circle of the reaches of the spas next to the point when they are known (decision 90): it holds
    // the page but when a spa moved or went since they were found; otherwise one from the count's density.
    const byReach = reachKm !== null && spaPlanning.reaches;
    if (byReach) spaPlanning.fromReach++;
    let radiusKm = byReach
      ? Math.min(near.radiusKm, reachKm + REACH_MARGIN_KM)
      : pageRadius(near.radiusKm, total, offset + limit, centre, areasKm2, capped);
    let rows = await this.nearestPage({ ...near, radiusKm }, filters, limit, offset);
    if (radiusKm < near.radiusKm) spaPlanning[rows.length === expected ? 'fromInner' : 'innerFellShort']++;
    // Short of the page: the spas are thinner near the point than estimated.
    while (rows.length < expected && radiusKm < near.radiusKm) {
      radiusKm = Math.min(near.radiusKm, radiusKm * 2);
      rows = await this.nearestPage({ ...near, radiusKm }, filters, limit, offset);
    }
    return { json: pageJson(rows), total, totalCapped: capped };
  }

  /** `nearJson`'s page as spas. */
  async near(
    near: Required<Near>,
    filters: SpaFilters,
    page: number,
    limit: number,
  ): Promise<{ data: Spa[]; total: number; totalCapped: boolean }> {
    const { json, total, totalCapped } = await this.nearJson(near, filters, page, limit);
    return { data: JSON.parse(json) as Spa[], total, totalCapped };
  }

  /**
   * One page of the spas within a circle, nearest first, each whole with its distance, as the contract's JSON
   * (decision 79): each spa's card (`spa_cards`, decisions 83 and 85), found by its key from the place index's
   * entry, its head joined to its open jobs, whether it is verified and its distance, rounded as `roundKm`
   * rounds it and written as each engine's JSON writes a float (the digits that read back the same value).
   */
  private pageStatement(v: PageValues, filters: SpaFilters) {
    const nearest = this.nearestFirst(v, filters, v.limit, v.offset);
    const distance = distanceFromPoint(this.d.engine, v, 'r');
    const sqlite = this.d.engine === 'sqlite';
    const km = sql`floor(${distance} * 100 + 0.5) / 100`;
    // PostgreSQL: read from the cards' primary key alone, but for a head too long for it (migration 0045).
    const head = sqlite
      ? sql`c.head`
      : sql`coalesce(c.head, (select l.long_head from spa_cards as l where l.key = c.key))`;
    return prepared(
      this.d.fixedPlans
        .selectFrom(nearest)
        .innerJoin('spa_cards as c', (j) =>
          j.on(sql.raw<SqlBool>(`c.key = ${cardKeySql(this.d.engine, 'r')}`)),
        )
        .orderBy('r.p', 'desc')
        .orderBy('r.id')
        .select((eb) =>
          sql<string>`${head} || ${this.openJobs(eb as never, v.now, 'c')}
            || case when c.verified then ',"verified":true,"distance":' else ',"verified":false,"distance":' end
            || ${sqlite ? sql`json_quote(${km})` : sql`(${km})::text`} || '}'`.as('j'),
        ),
    ).$castTo<PageRow>();
  }

  /** The page of a circle with no filters (nearby spas), built once. */
  private readonly pageQuery = new ReusableQuery(
    (
      now: number,
      strips: string,
      x: number,
      y: number,
      z: number,
      least: number,
      limit: number,
      offset: number,
      lat: number,
      lng: number,
      cosLat: number,
    ) => this.pageStatement({ now, strips, x, y, z, least, limit, offset, lat, lng, cosLat }, {}),
    [-1.5, '[[-3.75]]', -0.46875, -0.4375, -0.40625, -0.34375, 1_000_003, 1_000_007, -91.5, -181.5, -0.53125],
  );

  private async nearestPage(
    near: Required<Near>,
    filters: SpaFilters,
    limit: number,
    offset: number,
  ): Promise<PageRow[]> {
    const v: PageValues = {
      ...circleValues(near),
      now: Date.now(),
      limit,
      offset,
      ...distancePoint(near.lat, near.lng),
    };
    return hasFilters(filters)
      ? await this.pageStatement(v, filters).execute()
      : (
          await this.pageQuery.execute(
            this.d.fixedPlans,
            v.now,
            v.strips,
            v.x,
            v.y,
            v.z,
            v.least,
            v.limit,
            v.offset,
            v.lat,
            v.lng,
            v.cosLat,
          )
        ).rows;
  }

  /**
   * Spas whose name holds every trigram of the text (SQLite's text index),
   * when there are few enough to read them all; otherwise undefined, and the
   * rating order is walked instead (decision 0013).
   */
  private async fewByName(name: string | undefined): Promise<Expression<SqlBool> | undefined> {
    if (this.d.engine !== 'sqlite' || !name || !isIndexable(name)) return undefined;
    const match = ftsQuery(trigramsOf(name));
    const r = await sql<{ n: number }>`select count(*) as n from (
      select rowid from spas_fts where spas_fts match ${match} limit ${FEW_SPAS})`.execute(this.db);
    if (Number(r.rows[0]?.n ?? 0) >= FEW_SPAS) return undefined;
    return sql<SqlBool>`spas.id in (select rowid from spas_fts where spas_fts match ${match})`;
  }

  /**
   * Spas matching the filters by name, best rated first; with a point (and
   * no radius) each carries its distance. The total is exact up to TOTAL_CAP.
   */
  async search(
    filters: SpaFilters,
    page: number,
    limit: number,
    from?: { lat: number; lng: number },
  ): Promise<{ data: Spa[]; total: number; totalCapped: boolean }> {
    const now = Date.now();
    const sqlite = this.d.engine === 'sqlite';
    const byPart = countedByPart(filters);
    const byPhrase =
      sqlite && !!filters.name && !filters.state && !filters.city && phraseFindsAsLike(filters.name);
    const few = byPhrase ? undefined : await this.fewByName(filters.name);
    const narrow = <Q extends { where: (e: Expression<SqlBool>) => Q }>(q: Q, by = few): Q =>
      by ? q.where(by) : q;
    const count = (where: ReturnType<SpaRepository['filterWhere']>) =>
      this.db
        .selectFrom(
          narrow(
            this.db
              .selectFrom('spas')
              .select(sql<number>`1`.as('one'))
              .where(where),
          )
            .limit(TOTAL_CAP + 1)
            .as('m'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    // The page's ids alone first (a sort would otherwise count the open jobs of every spa it sorts), then
    // the rows of the spas shown.
    const pageOf = async (where: ReturnType<SpaRepository['filterWhere']>, by = few) => {
      const ids = (
        await narrow(this.db.selectFrom('spas').select('spas.id').where(where), by)
          .orderBy('spas.rating', 'desc')
          .orderBy('spas.id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute()
      ).map((r) => Number(r.id));
      const byId = await this.byIds(ids, now);
      return ids.flatMap((id) => byId.get(id) ?? []);
    };

    let n: number;
    let rows: SpaWithCount[];
    if (sqlite && (byPhrase || byPart)) {
      // SQLite, a name part alone (decisions 0038 and 0066): counted from its row of the parts' counts when
      // it is short, otherwise from the name index's phrase, exactly; then the page read from the index's
      // spas when there are few, otherwise by walking the rating order.
      const phrase = ftsPhrase(filters.name!);
      const exact = byPart
        ? sql`coalesce((select spas from spa_name_parts where part = ${lowerAscii(filters.name!)}), 0)`
        : sql`(select count(*) from (select rowid from spas_fts where spas_fts match ${phrase} limit ${TOTAL_CAP + 1}))`;
      // With the count, the highest id: about how many spas there are, for the page's plan.
      const counted = await sql<{ n: number; spas: number | null }>`select ${exact} as n,
        (select max(id) from spas) as spas`.execute(this.db);
      n = Number(counted.rows[0]?.n ?? 0);
      const offset = (page - 1) * limit;
      const fromIndex = sql<SqlBool>`spas.id in (select rowid from spas_fts where spas_fts match ${phrase})`;
      const spas = Number(counted.rows[0]?.spas ?? 0);
      rows =
        n > offset
          ? await pageOf(
              this.filterWhere(filters),
              byPhrase && fewerFromPhrase(n, spas, offset + limit) ? fromIndex : undefined,
            )
          : [];
    } else if (this.d.engine === 'postgres' && filters.name) {
      // PostgreSQL (decisions 0027 and 0038): the count from the names' own table (pgNameCount), or with a
      // place filter from the spas; then the page from the trigram index only when the count found few
      // spas, otherwise by walking the rating order's entries until the page is full.
      const byIndex = trigramsServe(filters.name);
      n =
        (await this.pgNameCount(filters)) ??
        (await count(this.filterWhere(filters, byIndex ? 'index' : 'row')));
      // The page read from index entries alone where it walks (spas_rating_names carries the name and places).
      rows =
        n > (page - 1) * limit
          ? await pageOf(this.filterWhere(filters, byIndex && n < PG_FEW_SPAS ? 'index' : 'walk'))
          : [];
    } else {
      const where = this.filterWhere(filters);
      [n, rows] = await Promise.all([count(where), pageOf(where)]);
    }
    return {
      data: rows.map((r) =>
        toSpa(r, from ? distanceKm(from.lat, from.lng, Number(r.latitude), Number(r.longitude)) : undefined),
      ),
      total: Math.min(n, TOTAL_CAP),
      totalCapped: n > TOTAL_CAP,
    };
  }

  /**
   * PostgreSQL: how many spas a name part matches (up to the cap), counted
   * from the names' own table (`spa_names`, migration 0023); undefined with a
   * place filter. ANALYZE samples that table's names, so the planner weighs
   * a part by its share of them and chooses: the trigram index for a part
   * that a few thousand spas hold ("tranqu", 3,905 of 100,000, in 1.4 ms),
   * the table read in order until the cap for one that most hold. On the
   * spas' table, whose statistics the planner did not use for this, every
   * part looked rare, and a probe of the rating order had to tell it. A part
   * with no three letters or digits in a row, which the trigram index cannot
   * narrow, is counted from the index of each name's pairs of characters
   * (migration 0024), with LIKE testing the candidates it gives.
   */
  private async pgNameCount(f: SpaFilters): Promise<number | undefined> {
    if (!f.name || f.state || f.city || spaPlanning.force === 'names') return undefined;
    if (countedByPart(f)) {
      const part = sql<{ n: number }>`select spas as n from spa_name_parts where part = lower(${f.name})`;
      return Number((await part.execute(this.db)).rows[0]?.n ?? 0);
    }
    const byPairs = spaPlanning.force !== 'trigrams' && charLength(f.name) >= 2 && !pgTrigramsIn(f.name);
    const test = byPairs
      ? sql<SqlBool>`spa_name_pairs(spas.name_search) @> spa_name_pairs(lower(${f.name}))
          and ${spaNameContains('postgres', f.name, 'row')}`
      : spaNameContains('postgres', f.name, 'index');
    const count = async (db: Kysely<Database>) =>
      Number(
        (
          await sql<{ n: number }>`select count(*) as n from (
            select 1 from spa_names as spas where ${test} limit ${TOTAL_CAP + 1}) as m`.execute(db)
        ).rows[0]?.n ?? 0,
      );
    // The planner takes the pairs' index for a part whose pairs most names hold only when told to.
    if (!byPairs && spaPlanning.force !== 'trigrams') return count(this.db);
    return this.db.transaction().execute(async (tx) => {
      await localPlanSettings(tx, {
        enable_seqscan: 'off',
        enable_indexscan: 'off',
        enable_indexonlyscan: 'off',
      });
      return count(tx);
    });
  }

  async states(): Promise<string[]> {
    const rows = await this.db.selectFrom('spas').select('state').distinct().orderBy('state').execute();
    return rows.map((r) => r.state);
  }

  async cities(state?: string): Promise<string[]> {
    let q = this.db.selectFrom('spas').select('city').distinct().orderBy('city');
    if (state) q = q.where('state', '=', state);
    const rows = await q.execute();
    return rows.map((r) => r.city);
  }

  async count(): Promise<number> {
    const r = await this.db
      .selectFrom('spas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
