import { jobNumbers } from '../lib/job-numbers.ts';
import { parse as parseCsv } from 'csv-parse/sync';
import { importJobRow, importSpaRow, type ImportJobRow, type ImportSpaRow } from '@spajobs/contract/import';
import type { Db } from '../db/database.ts';

export interface ImportProblem {
  /** "spas row 4" for CSV (row 1 is the header), "spas[3]" for JSON. */
  where: string;
  field: string;
  message: string;
}

export class ImportError extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super(`${problems.length} problem(s) in the import file; nothing was imported`);
    this.name = 'ImportError';
  }
}

export interface ImportInput {
  spas: unknown[];
  jobs: unknown[];
  /** How to name a record in messages. */
  label: (kind: 'spas' | 'jobs', index: number) => string;
}

/** Reads a JSON file ({spas: [...], jobs: [...]}) or a CSV file of spas or of jobs (told apart by the spaExternalId column). */
export function readImportFile(fileName: string, content: string): ImportInput {
  if (/\.json$/i.test(fileName)) {
    let data: unknown;
    try {
      data = JSON.parse(content);
    } catch (err) {
      throw new ImportError([
        { where: 'file', field: '-', message: `is not valid JSON (${(err as Error).message})` },
      ]);
    }
    const obj = (data ?? {}) as { spas?: unknown; jobs?: unknown };
    if (
      typeof data !== 'object' ||
      Array.isArray(data) ||
      (!Array.isArray(obj.spas) && !Array.isArray(obj.jobs))
    ) {
      throw new ImportError([
        { where: 'file', field: '-', message: 'must be an object with "spas" and/or "jobs" lists' },
      ]);
    }
    return {
      spas: Array.isArray(obj.spas) ? obj.spas : [],
      jobs: Array.isArray(obj.jobs) ? obj.jobs : [],
      label: (kind, i) => `${kind}[${i}]`,
    };
  }
  if (/\.csv$/i.test(fileName)) {
    let rows: Record<string, string>[];
    try {
      rows = parseCsv(content, { columns: true, skip_empty_lines: true, trim: true, bom: true });
    } catch (err) {
      throw new ImportError([
        { where: 'file', field: '-', message: `is not valid CSV (${(err as Error).message})` },
      ]);
    }
    const isJobs = rows.length > 0 && Object.hasOwn(rows[0]!, 'spaExternalId');
    return {
      spas: isJobs ? [] : rows,
      jobs: isJobs ? rows : [],
      label: (kind, i) => `${kind} row ${i + 2}`,
    };
  }
  throw new ImportError([{ where: 'file', field: '-', message: 'must end in .json or .csv' }]);
}

export interface ImportResult {
  spas: { inserted: number; updated: number };
  jobs: { inserted: number; updated: number };
}

/**
 * Validates every record with the contract's schemas, then writes all of
 * them in one transaction: a bad file is reported in full and imports
 * nothing. Records are keyed by externalId, so importing a file again
 * updates rather than duplicates.
 */
export async function importData({ db }: Db, input: ImportInput, now = Date.now()): Promise<ImportResult> {
  const problems: ImportProblem[] = [];
  const spas: ImportSpaRow[] = [];
  const jobs: ImportJobRow[] = [];
  const seen = { spas: new Set<string>(), jobs: new Set<string>() };
  const check = <T>(
    kind: 'spas' | 'jobs',
    schema: {
      safeParse(
        v: unknown,
      ):
        | { success: true; data: T }
        | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
    },
    rows: unknown[],
    out: T[],
  ) => {
    rows.forEach((row, i) => {
      const r = schema.safeParse(row);
      if (!r.success) {
        for (const issue of r.error.issues) {
          problems.push({
            where: input.label(kind, i),
            field: issue.path.join('.') || '-',
            message: issue.message,
          });
        }
        return;
      }
      const id = (r.data as { externalId: string }).externalId;
      if (seen[kind].has(id)) {
        problems.push({
          where: input.label(kind, i),
          field: 'externalId',
          message: `"${id}" appears more than once in the file`,
        });
        return;
      }
      seen[kind].add(id);
      out.push(r.data);
    });
  };
  check('spas', importSpaRow, input.spas, spas);
  check('jobs', importJobRow, input.jobs, jobs);

  // Jobs must point at a spa in this file or already in the database.
  const missing = [...new Set(jobs.map((j) => j.spaExternalId).filter((id) => !seen.spas.has(id)))];
  const known = new Map<string, { id: number; city: string; state: string; name: string }>();
  for (let i = 0; i < missing.length; i += 500) {
    const chunk = missing.slice(i, i + 500);
    const rows = await db
      .selectFrom('spas')
      .select(['id', 'external_id', 'city', 'state', 'name'])
      .where('external_id', 'in', chunk)
      .execute();
    for (const r of rows) known.set(r.external_id!, { id: r.id, city: r.city, state: r.state, name: r.name });
  }
  jobs.forEach((j) => {
    if (!seen.spas.has(j.spaExternalId) && !known.has(j.spaExternalId)) {
      const index = input.jobs.findIndex(
        (raw) => String((raw as { externalId?: unknown }).externalId ?? '').trim() === j.externalId,
      );
      problems.push({
        where: input.label('jobs', index),
        field: 'spaExternalId',
        message: `no spa with externalId "${j.spaExternalId}"`,
      });
    }
  });
  if (problems.length) throw new ImportError(problems);

  return db.transaction().execute(async (trx) => {
    const result: ImportResult = { spas: { inserted: 0, updated: 0 }, jobs: { inserted: 0, updated: 0 } };
    const spaIds = new Map(known);
    for (const s of spas) {
      const values = {
        name: s.name,
        business_name: s.businessName,
        category: s.category,
        logo: s.logo,
        website: s.website,
        phone: s.phone,
        email: s.email,
        address_line: s.addressLine,
        district: s.district,
        city: s.city,
        state: s.state,
        pincode: s.pincode,
        full_address:
          s.fullAddress ??
          [s.addressLine, s.city, `${s.state}${s.pincode ? ` ${s.pincode}` : ''}`].filter(Boolean).join(', '),
        latitude: s.latitude,
        longitude: s.longitude,
        map_link:
          s.mapLink ?? `https://www.google.com/maps/dir/?api=1&destination=${s.latitude},${s.longitude}`,
        google_map: s.googleMap,
        gallery_images: JSON.stringify(s.galleryImages),
        opening_hours: s.openingHours,
        closing_hours: s.closingHours,
        rating: s.rating,
        reviews_count: s.reviews,
      };
      const existing = await trx
        .selectFrom('spas')
        .select('id')
        .where('external_id', '=', s.externalId)
        .executeTakeFirst();
      if (existing) {
        await trx.updateTable('spas').set(values).where('id', '=', existing.id).execute();
        result.spas.updated++;
        spaIds.set(s.externalId, { id: existing.id, city: s.city, state: s.state, name: s.name });
      } else {
        const row = await trx
          .insertInto('spas')
          .values({ ...values, external_id: s.externalId, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        result.spas.inserted++;
        spaIds.set(s.externalId, { id: row.id, city: s.city, state: s.state, name: s.name });
      }
    }
    for (const j of jobs) {
      const spa = spaIds.get(j.spaExternalId)!;
      const values = {
        spa_id: spa.id,
        title: j.title,
        salary: j.salary,
        experience: j.experience,
        ...jobNumbers(j.salary, j.experience),
        category: j.category,
        city: j.city ?? spa.city,
        state: j.state ?? spa.state,
        location: j.location ?? j.city ?? spa.city,
        vacancies: j.vacancies,
        gender: j.gender,
        description: j.description,
        requirements: j.requirements,
        hr_phone: j.hrPhone,
        hr_whatsapp: j.hrWhatsapp,
        posted_at: j.postedOn,
        expires_at: j.expiresOn,
        is_active: j.active ? 1 : 0,
      };
      const existing = await trx
        .selectFrom('jobs')
        .select('id')
        .where('external_id', '=', j.externalId)
        .executeTakeFirst();
      if (existing) {
        await trx.updateTable('jobs').set(values).where('id', '=', existing.id).execute();
        result.jobs.updated++;
      } else {
        await trx
          .insertInto('jobs')
          .values({ ...values, external_id: j.externalId, created_at: now })
          .execute();
        result.jobs.inserted++;
      }
    }
    return result;
  });
}
