import { sql, type Kysely } from 'kysely';
import type { ApplicationItem } from '@spajobs/contract/application';
import { APPLY_AGAIN_DAYS } from '@spajobs/contract/common';
import type { ApplicationEvent } from '@spajobs/contract/employer';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

const APPLY_AGAIN_MS = APPLY_AGAIN_DAYS * 86_400_000;
/** A spa hears about new applications at most once an hour. */
export const DIGEST_EVERY_MS = 3_600_000;

export interface DigestItem {
  name: string;
  jobTitle: string;
  appliedAt: number;
}

export type Applicant = (
  | { userId: number }
  | { guest: { name: string; email: string | null; phone: string | null }; resume: string | null }
) & {
  /** The language the application was made in ('en' or 'hi'): its e-mails go in it. */
  language?: string | null;
};

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
            ? {
                job_id: jobId,
                user_id: applicant.userId,
                applied_at: now,
                language: applicant.language ?? null,
              }
            : {
                job_id: jobId,
                guest_name: applicant.guest.name,
                guest_email: applicant.guest.email,
                guest_phone: applicant.guest.phone,
                resume: applicant.resume,
                applied_at: now,
                language: applicant.language ?? null,
              },
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('application_events')
        .values({
          application_id: row.id,
          status: 'applied',
          note: null,
          interview_at: null,
          interview_place: null,
          changed_by: 'userId' in applicant ? applicant.userId : null,
          changed_at: now,
        })
        .execute();
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
          'applications.interview_at',
          'applications.interview_place',
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
    const history = await this.history(rows.map((r) => r.id));
    return {
      total: Number(count.n),
      data: rows.map((r) => ({
        _id: String(r.id),
        job: { _id: String(r.job_id), title: r.title, location: r.location, city: r.city, salary: r.salary },
        status: r.status,
        appliedAt: new Date(Number(r.applied_at)).toISOString(),
        interviewAt: r.interview_at,
        interviewPlace: r.interview_place,
        history: history.get(r.id) ?? [],
      })),
    };
  }

  /** Each application's changes, oldest first. */
  private async history(applicationIds: number[]): Promise<Map<number, ApplicationEvent[]>> {
    const out = new Map<number, ApplicationEvent[]>();
    if (!applicationIds.length) return out;
    const rows = await this.db
      .selectFrom('application_events')
      .selectAll()
      .where('application_id', 'in', applicationIds)
      .orderBy('changed_at')
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const list = out.get(r.application_id) ?? [];
      list.push({
        status: r.status,
        at: new Date(Number(r.changed_at)).toISOString(),
        interviewAt: r.interview_at,
        interviewPlace: r.interview_place,
        note: r.note,
      });
      out.set(r.application_id, list);
    }
    return out;
  }

  /** The spa of a job and whether anyone manages it. */
  private async spaOfJob(jobId: number) {
    return this.db.selectFrom('jobs').select('spa_id').where('id', '=', jobId).executeTakeFirst();
  }

  /**
   * Claims the right to e-mail a spa about its new applications: at most once
   * an hour per spa. The claim is one conditional update, so of several
   * instances (or a request and the sweep) only one sends. Answers the
   * applications not told yet, now marked as told, or null when not claimed.
   */
  async claimDigest(spaId: number, now = Date.now()): Promise<DigestItem[] | null> {
    return this.db.transaction().execute(async (tx) => {
      const claimed = await tx
        .updateTable('spas')
        .set({ digest_sent_at: now })
        .where('id', '=', spaId)
        .where((eb) =>
          eb.or([eb('digest_sent_at', 'is', null), eb('digest_sent_at', '<=', now - DIGEST_EVERY_MS)]),
        )
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return null;
      const rows = await tx
        .selectFrom('applications')
        .innerJoin('jobs', 'jobs.id', 'applications.job_id')
        .leftJoin('users', 'users.id', 'applications.user_id')
        .select([
          'applications.id',
          'applications.applied_at',
          'applications.guest_name',
          'users.firstname',
          'users.lastname',
          'jobs.title',
        ])
        .where('jobs.spa_id', '=', spaId)
        .where('applications.spa_notified_at', 'is', null)
        .orderBy('applications.applied_at')
        .limit(500)
        .execute();
      if (!rows.length) return [];
      await tx
        .updateTable('applications')
        .set({ spa_notified_at: now })
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      return rows.map((r) => ({
        name: r.guest_name ?? `${r.firstname ?? ''} ${r.lastname ?? ''}`.trim(),
        jobTitle: r.title,
        appliedAt: Number(r.applied_at),
      }));
    });
  }

  /** Spas with applications nobody has been told about yet. */
  async spasAwaitingDigest(limit = 500): Promise<number[]> {
    const rows = await this.db
      .selectFrom('applications')
      .innerJoin('jobs', 'jobs.id', 'applications.job_id')
      .select('jobs.spa_id')
      .distinct()
      .where('applications.spa_notified_at', 'is', null)
      .limit(limit)
      .execute();
    return rows.map((r) => r.spa_id);
  }

  /** An application to a spa nobody manages is settled at once: there is no one to tell. */
  async settleUnmanaged(applicationId: number, jobId: number, now = Date.now()): Promise<number | null> {
    const job = await this.spaOfJob(jobId);
    if (!job) return null;
    const member = await this.db
      .selectFrom('spa_members')
      .select('id')
      .where('spa_id', '=', job.spa_id)
      .executeTakeFirst();
    if (member) return job.spa_id;
    await this.db
      .updateTable('applications')
      .set({ spa_notified_at: now })
      .where('id', '=', applicationId)
      .execute();
    return null;
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
