import { sql, type Kysely } from 'kysely';
import type { ApplicationItem } from '@spajobs/contract/application';
import { APPLY_AGAIN_DAYS } from '@spajobs/contract/common';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

const APPLY_AGAIN_MS = APPLY_AGAIN_DAYS * 86_400_000;

export type Applicant =
  | { userId: number }
  | { guest: { name: string; email: string | null; phone: string | null }; resume: string | null };

export type ApplyResult =
  { ok: true; id: number } | { ok: false; reason: 'job-not-found' | 'already-applied' };

export class ApplicationRepository {
  constructor(private readonly d: Db) {}

  private get db(): Kysely<Database> {
    return this.d.db;
  }

  /**
   * Records an application unless the job is not open or the same account (or
   * guest e-mail, or guest phone) applied to it within the last 15 days. The check and the
   * insert run in one transaction holding the job's row, so two requests at
   * once cannot both get through.
   */
  async apply(jobId: number, applicant: Applicant, now = Date.now()): Promise<ApplyResult> {
    return this.db.transaction().execute(async (tx) => {
      let jobQuery = tx
        .selectFrom('jobs')
        .select('id')
        .where('id', '=', jobId)
        .where('is_active', '=', 1)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
      if (this.d.engine === 'postgres') jobQuery = jobQuery.forUpdate();
      if (!(await jobQuery.executeTakeFirst())) return { ok: false, reason: 'job-not-found' } as const;

      let recent = tx
        .selectFrom('applications')
        .select('id')
        .where('job_id', '=', jobId)
        .where('applied_at', '>', now - APPLY_AGAIN_MS);
      if ('userId' in applicant) {
        recent = recent.where('user_id', '=', applicant.userId);
      } else {
        const { email, phone } = applicant.guest;
        recent = recent.where((eb) =>
          eb.or([
            ...(email ? [eb('guest_email', '=', email)] : []),
            ...(phone ? [eb('guest_phone', '=', phone)] : []),
          ]),
        );
      }
      if (await recent.executeTakeFirst()) return { ok: false, reason: 'already-applied' } as const;

      const row = await tx
        .insertInto('applications')
        .values(
          'userId' in applicant
            ? { job_id: jobId, user_id: applicant.userId, applied_at: now }
            : {
                job_id: jobId,
                guest_name: applicant.guest.name,
                guest_email: applicant.guest.email,
                guest_phone: applicant.guest.phone,
                resume: applicant.resume,
                applied_at: now,
              },
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return { ok: true, id: Number(row.id) } as const;
    });
  }

  /** The user's applications, newest first; those whose job is gone are not listed. */
  async listForUser(
    userId: number,
    page: number,
    limit: number,
  ): Promise<{ data: ApplicationItem[]; total: number }> {
    const base = this.db
      .selectFrom('applications')
      .innerJoin('jobs', 'jobs.id', 'applications.job_id')
      .where('applications.user_id', '=', userId);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .select([
          'applications.id',
          'applications.status',
          'applications.applied_at',
          'jobs.id as job_id',
          'jobs.title',
          'jobs.location',
          'jobs.city',
          'jobs.salary',
        ])
        .orderBy('applications.applied_at', 'desc')
        .orderBy('applications.id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
    ]);
    return {
      total: Number(count.n),
      data: rows.map((r) => ({
        _id: String(r.id),
        job: { _id: String(r.job_id), title: r.title, location: r.location, city: r.city, salary: r.salary },
        status: r.status,
        appliedAt: new Date(Number(r.applied_at)).toISOString(),
      })),
    };
  }

  async countForUser(userId: number): Promise<number> {
    const r = await this.db
      .selectFrom('applications')
      .innerJoin('jobs', 'jobs.id', 'applications.job_id')
      .where('applications.user_id', '=', userId)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** The jobs of the user's latest applications, newest first (read through applications_user). */
  async appliedJobIds(userId: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('applications')
      .select('job_id')
      .where('user_id', '=', userId)
      .orderBy('applied_at', 'desc')
      .limit(limit)
      .execute();
    return [...new Set(rows.map((r) => String(r.job_id)))];
  }
}
