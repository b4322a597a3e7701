import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import {
  canMove,
  JOB_OPEN_DAYS,
  type Applicant,
  type ApplicationEvent,
  type EmployerJob,
  type JobStatus,
  type MySpa,
  type PipelineStatus,
  type SpaVerification,
} from '@spajobs/contract/employer';
import type { Language } from '@spajobs/contract/localize';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { jobNumbers } from '../lib/job-numbers.ts';

const DAY = 86_400_000;
export const JOB_OPEN_MS = JOB_OPEN_DAYS * DAY;

type Executor = Kysely<Database> | Transaction<Database>;

/** Who is asking: an employer sees only the spas it belongs to; an admin sees every spa. */
export interface Actor {
  id: number;
  role: string;
}

/** is_active is the one column listings read: 1 only for an active job that passed moderation. */
export const isActiveValue = (status: string, moderation: string) =>
  status === 'active' && moderation === 'approved' ? 1 : 0;

/**
 * The one place where an employer's reach is decided: the spa ids it is a
 * member of. Every employer query below goes through this, so no route can
 * forget the check. Admins are not limited.
 */
export function spaScope<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  actor: Actor,
  spaIdColumn: string,
) {
  const e = eb as unknown as ExpressionBuilder<Database, 'jobs'>;
  if (actor.role === 'admin') return e.lit(true);
  return e(
    spaIdColumn as 'jobs.spa_id',
    'in',
    e.selectFrom('spa_members').select('spa_members.spa_id').where('spa_members.user_id', '=', actor.id),
  );
}

export type JobAction = 'pause' | 'resume' | 'close' | 'renew';
export type Outcome<T> =
  { ok: true; value: T } | { ok: false; reason: 'not-found' | 'conflict' | 'forbidden' };

/** A spa's logo and gallery pictures (public paths). */
export interface SpaImages {
  logo: string | null;
  gallery: string[];
}

export interface JobFields {
  title: string;
  salary: string;
  experience: string;
  category: string;
  location: string;
  vacancies: number;
  gender: string;
  description: string;
  requirements: string;
  hrPhone: string | null;
  hrWhatsapp: string | null;
}

export interface SpaFields {
  name: string;
  category: string;
  addressLine: string;
  city: string;
  state: string;
  pincode: string | null;
  latitude: number;
  longitude: number;
  phone: string;
  whatsapp: string | null;
  email: string | null;
  website: string | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export class EmployerRepository {
  constructor(private readonly d: Db) {}

  private get db(): Kysely<Database> {
    return this.d.db;
  }

  // ---- Spas -------------------------------------------------------------

  async mySpas(userId: number): Promise<MySpa[]> {
    const rows = await this.db
      .selectFrom('spa_members')
      .innerJoin('spas', 'spas.id', 'spa_members.spa_id')
      .select([
        'spas.id',
        'spas.name',
        'spas.city',
        'spas.state',
        'spas.full_address',
        'spas.phone',
        'spas.whatsapp',
        'spas.verification',
        'spas.verification_note',
        'spas.logo',
        'spas.gallery_images',
        'spa_members.role',
      ])
      .where('spa_members.user_id', '=', userId)
      .orderBy('spas.name')
      .execute();
    return rows.map((r) => ({
      _id: String(r.id),
      name: r.name,
      city: r.city,
      state: r.state,
      fullAddress: r.full_address,
      phone: r.phone,
      whatsapp: r.whatsapp,
      verification: r.verification as SpaVerification,
      verificationNote: r.verification_note,
      memberRole: r.role,
      logo: r.logo,
      galleryImages: JSON.parse(r.gallery_images || '[]') as string[],
    }));
  }

  /**
   * Changes a spa's pictures for one of its employers: `change` gets the
   * current logo and gallery and answers the new ones, or a refusal. Read and
   * write happen in one transaction (the row locked on PostgreSQL), so two
   * uploads at once never lose one another's picture.
   */
  async changeSpaImages(
    actor: Actor,
    spaId: number,
    change: (now: SpaImages) => SpaImages | 'full' | 'missing',
  ): Promise<
    | { ok: true; before: SpaImages; after: SpaImages }
    | { ok: false; reason: 'not-found' | 'full' | 'missing' }
  > {
    return this.db.transaction().execute(async (tx) => {
      if (!(await this.memberRole(actor, spaId, tx))) return { ok: false, reason: 'not-found' } as const;
      let q = tx.selectFrom('spas').select(['logo', 'gallery_images']).where('id', '=', spaId);
      if (this.d.engine === 'postgres') q = q.forUpdate();
      const row = await q.executeTakeFirstOrThrow();
      const before: SpaImages = {
        logo: row.logo,
        gallery: JSON.parse(row.gallery_images || '[]') as string[],
      };
      const after = change(before);
      if (after === 'full' || after === 'missing') return { ok: false, reason: after } as const;
      await tx
        .updateTable('spas')
        .set({ logo: after.logo, gallery_images: JSON.stringify(after.gallery) })
        .where('id', '=', spaId)
        .execute();
      return { ok: true, before, after } as const;
    });
  }

  /** 'owner' or 'member' of the spa, or null; an admin counts as an owner. */
  async memberRole(actor: Actor, spaId: number, tx: Executor = this.db): Promise<'owner' | 'member' | null> {
    if (actor.role === 'admin') {
      const spa = await tx.selectFrom('spas').select('id').where('id', '=', spaId).executeTakeFirst();
      return spa ? 'owner' : null;
    }
    const row = await tx
      .selectFrom('spa_members')
      .select('role')
      .where('spa_id', '=', spaId)
      .where('user_id', '=', actor.id)
      .executeTakeFirst();
    return row?.role ?? null;
  }

  private spaColumns(f: SpaFields) {
    const fullAddress = [f.addressLine, f.city, `${f.state}${f.pincode ? ` ${f.pincode}` : ''}`].join(', ');
    return {
      name: f.name,
      category: f.category,
      address_line: f.addressLine,
      city: f.city,
      state: f.state,
      pincode: f.pincode,
      full_address: fullAddress,
      latitude: f.latitude,
      longitude: f.longitude,
      phone: f.phone,
      whatsapp: f.whatsapp,
      email: f.email,
      website: f.website,
    };
  }

  /** A new spa, pending until an admin verifies it, with its creator as owner. */
  async createSpa(userId: number, f: SpaFields, now = Date.now()): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      const spa = await tx
        .insertInto('spas')
        .values({
          ...this.spaColumns(f),
          gallery_images: '[]',
          rating: 0,
          reviews_count: 0,
          verification: 'pending',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('spa_members')
        .values({ spa_id: spa.id, user_id: userId, role: 'owner', created_at: now })
        .execute();
      return Number(spa.id);
    });
  }

  /**
   * Edits a spa's details; a rejected spa goes back to pending for another look. A spa that moves takes
   * with it the jobs that were in its old city (a job imported with a city of its own keeps it), so they
   * are found in its new city.
   */
  async updateSpa(actor: Actor, spaId: number, f: SpaFields): Promise<Outcome<null>> {
    return this.db.transaction().execute(async (tx) => {
      if (!(await this.memberRole(actor, spaId, tx))) return { ok: false, reason: 'not-found' } as const;
      const spa = await tx
        .selectFrom('spas')
        .select(['verification', 'city', 'state'])
        .where('id', '=', spaId)
        .executeTakeFirstOrThrow();
      if (spa.city !== f.city || spa.state !== f.state)
        await tx
          .updateTable('jobs')
          .set({ city: f.city, state: f.state })
          .where('spa_id', '=', spaId)
          .where('city', '=', spa.city)
          .where('state', '=', spa.state)
          .execute();
      await tx
        .updateTable('spas')
        .set({
          ...this.spaColumns(f),
          ...(spa.verification === 'rejected' ? { verification: 'pending' } : {}),
        })
        .where('id', '=', spaId)
        .execute();
      return { ok: true, value: null } as const;
    });
  }

  /** Claims a listed spa nobody manages yet; it waits for an admin like a new one. */
  async claimSpa(userId: number, spaId: number, now = Date.now()): Promise<Outcome<null>> {
    return this.db.transaction().execute(async (tx) => {
      let q = tx.selectFrom('spas').select(['id', 'verification']).where('id', '=', spaId);
      if (this.d.engine === 'postgres') q = q.forUpdate();
      const spa = await q.executeTakeFirst();
      if (!spa) return { ok: false, reason: 'not-found' } as const;
      const members = await tx
        .selectFrom('spa_members')
        .select('id')
        .where('spa_id', '=', spaId)
        .executeTakeFirst();
      if (members || spa.verification !== 'listed') return { ok: false, reason: 'conflict' } as const;
      await tx
        .insertInto('spa_members')
        .values({ spa_id: spaId, user_id: userId, role: 'owner', created_at: now })
        .execute();
      await tx.updateTable('spas').set({ verification: 'pending' }).where('id', '=', spaId).execute();
      return { ok: true, value: null } as const;
    });
  }

  async addMember(actor: Actor, spaId: number, userId: number, now = Date.now()): Promise<Outcome<null>> {
    return this.db.transaction().execute(async (tx) => {
      const role = await this.memberRole(actor, spaId, tx);
      if (!role) return { ok: false, reason: 'not-found' } as const;
      if (role !== 'owner') return { ok: false, reason: 'forbidden' } as const;
      const already = await tx
        .selectFrom('spa_members')
        .select('id')
        .where('spa_id', '=', spaId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (already) return { ok: false, reason: 'conflict' } as const;
      await tx
        .insertInto('spa_members')
        .values({ spa_id: spaId, user_id: userId, role: 'member', created_at: now })
        .execute();
      return { ok: true, value: null } as const;
    });
  }

  async spaName(spaId: number): Promise<string | null> {
    const row = await this.db.selectFrom('spas').select('name').where('id', '=', spaId).executeTakeFirst();
    return row?.name ?? null;
  }

  /** E-mail addresses of a spa's employers and the language each last used (for new-application mail). */
  async memberRecipients(spaId: number): Promise<{ email: string; language: Language }[]> {
    const rows = await this.db
      .selectFrom('spa_members')
      .innerJoin('users', 'users.id', 'spa_members.user_id')
      .select(['users.email', 'users.language'])
      .where('spa_members.spa_id', '=', spaId)
      .where('users.disabled_at', 'is', null)
      .execute();
    return rows.map((r) => ({ email: r.email, language: r.language === 'hi' ? 'hi' : 'en' }));
  }

  // ---- Jobs -------------------------------------------------------------

  /** Posts a job. A job of a spa that is not verified yet waits for moderation. */
  async createJob(actor: Actor, spaId: number, f: JobFields, now = Date.now()): Promise<Outcome<number>> {
    return this.db.transaction().execute(async (tx) => {
      if (!(await this.memberRole(actor, spaId, tx))) return { ok: false, reason: 'not-found' } as const;
      const spa = await tx
        .selectFrom('spas')
        .select(['city', 'state', 'verification'])
        .where('id', '=', spaId)
        .executeTakeFirstOrThrow();
      if (spa.verification === 'rejected') return { ok: false, reason: 'conflict' } as const;
      const moderation =
        spa.verification === 'verified' || spa.verification === 'listed' ? 'approved' : 'pending';
      const row = await tx
        .insertInto('jobs')
        .values({
          spa_id: spaId,
          ...this.jobColumns(f),
          city: spa.city,
          state: spa.state,
          status: 'active',
          moderation,
          is_active: isActiveValue('active', moderation),
          posted_by: actor.id,
          posted_at: now,
          expires_at: now + JOB_OPEN_MS,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { ok: true, value: Number(row.id) } as const;
    });
  }

  private jobColumns(f: JobFields) {
    return {
      title: f.title,
      salary: f.salary,
      experience: f.experience,
      // The numbers the salary and experience filters read, kept in step with the texts.
      ...jobNumbers(f.salary, f.experience),
      category: f.category,
      location: f.location,
      vacancies: f.vacancies,
      gender: f.gender,
      description: f.description,
      requirements: f.requirements,
      hr_phone: f.hrPhone,
      hr_whatsapp: f.hrWhatsapp,
    };
  }

  /** The job's spa and state when the actor may manage it. */
  private async scopedJob(actor: Actor, jobId: number, tx: Executor) {
    let q = tx
      .selectFrom('jobs')
      .select(['id', 'spa_id', 'status', 'moderation', 'expires_at'])
      .where('id', '=', jobId)
      .where((eb) => spaScope(eb, actor, 'jobs.spa_id'));
    if (this.d.engine === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  }

  async updateJob(actor: Actor, jobId: number, f: JobFields): Promise<Outcome<null>> {
    return this.db.transaction().execute(async (tx) => {
      const job = await this.scopedJob(actor, jobId, tx);
      if (!job) return { ok: false, reason: 'not-found' } as const;
      if (job.status === 'closed') return { ok: false, reason: 'conflict' } as const;
      await tx.updateTable('jobs').set(this.jobColumns(f)).where('id', '=', jobId).execute();
      return { ok: true, value: null } as const;
    });
  }

  /**
   * pause: active → paused; resume: paused → active; close: active or paused
   * → closed (for good); renew: an active or paused job stays open 30 more
   * days from its expiry, or from now when it has already expired.
   */
  async jobAction(actor: Actor, jobId: number, action: JobAction, now = Date.now()): Promise<Outcome<null>> {
    return this.db.transaction().execute(async (tx) => {
      const job = await this.scopedJob(actor, jobId, tx);
      if (!job) return { ok: false, reason: 'not-found' } as const;
      const from = job.status as JobStatus;
      let status: JobStatus = from;
      let expiresAt = job.expires_at === null ? null : Number(job.expires_at);
      if (action === 'pause' && from === 'active') status = 'paused';
      else if (action === 'resume' && from === 'paused') status = 'active';
      else if (action === 'close' && from !== 'closed') status = 'closed';
      else if (action === 'renew' && from !== 'closed')
        expiresAt = Math.max(now, expiresAt ?? now) + JOB_OPEN_MS;
      else return { ok: false, reason: 'conflict' } as const;
      await tx
        .updateTable('jobs')
        .set({ status, expires_at: expiresAt, is_active: isActiveValue(status, job.moderation) })
        .where('id', '=', jobId)
        .execute();
      return { ok: true, value: null } as const;
    });
  }

  /** The actor's jobs (one spa or all of its spas), newest first, with their figures. */
  async jobs(actor: Actor, spaId?: number, now = Date.now()): Promise<EmployerJob[]> {
    let q = this.db
      .selectFrom('jobs')
      .innerJoin('spas', 'spas.id', 'jobs.spa_id')
      .selectAll('jobs')
      .select('spas.name as spa_name')
      .where((eb) => spaScope(eb, actor, 'jobs.spa_id'));
    if (spaId !== undefined) q = q.where('jobs.spa_id', '=', spaId);
    const rows = await q.orderBy('jobs.posted_at', 'desc').orderBy('jobs.id', 'desc').limit(500).execute();
    const funnels = await this.funnels(rows.map((r) => r.id));
    return rows.map((r) => {
      const funnel = funnels.get(r.id) ?? {};
      const expires = r.expires_at === null ? null : Number(r.expires_at);
      return {
        _id: String(r.id),
        spaId: String(r.spa_id),
        spaName: r.spa_name,
        title: r.title,
        salary: r.salary,
        experience: r.experience,
        category: r.category,
        location: r.location,
        city: r.city,
        state: r.state,
        vacancies: Number(r.vacancies),
        gender: r.gender,
        description: r.description,
        requirements: r.requirements,
        hrPhone: r.hr_phone,
        hrWhatsapp: r.hr_whatsapp,
        status: r.status as JobStatus,
        moderation: r.moderation as EmployerJob['moderation'],
        moderationNote: r.moderation_note,
        open: Number(r.is_active) === 1 && (expires === null || expires > now),
        postedOn: new Date(Number(r.posted_at)).toISOString(),
        expiresOn: iso(expires),
        views: Number(r.views),
        applications: Object.values(funnel).reduce((a, b) => a + b, 0),
        funnel,
      };
    });
  }

  private async funnels(jobIds: number[]): Promise<Map<number, Record<string, number>>> {
    const out = new Map<number, Record<string, number>>();
    if (!jobIds.length) return out;
    const rows = await this.db
      .selectFrom('applications')
      .select(['job_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('job_id', 'in', jobIds)
      .groupBy(['job_id', 'status'])
      .execute();
    for (const r of rows) {
      const f = out.get(r.job_id) ?? {};
      f[r.status] = Number(r.n);
      out.set(r.job_id, f);
    }
    return out;
  }

  // ---- Applicants -------------------------------------------------------

  private applicantsQuery(actor: Actor) {
    return this.db
      .selectFrom('applications')
      .innerJoin('jobs', 'jobs.id', 'applications.job_id')
      .innerJoin('spas', 'spas.id', 'jobs.spa_id')
      .leftJoin('users', 'users.id', 'applications.user_id')
      .where((eb) => spaScope(eb, actor, 'jobs.spa_id'));
  }

  /** Applicants to the actor's spas, newest first, by spa, job and status. */
  async applicants(
    actor: Actor,
    f: { spaId?: number; jobId?: number; status?: string },
    page: number,
    limit: number,
  ): Promise<{ data: Applicant[]; total: number }> {
    let base = this.applicantsQuery(actor);
    if (f.spaId !== undefined) base = base.where('jobs.spa_id', '=', f.spaId);
    if (f.jobId !== undefined) base = base.where('applications.job_id', '=', f.jobId);
    if (f.status) base = base.where('applications.status', '=', f.status);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .select([
          'applications.id',
          'applications.status',
          'applications.applied_at',
          'applications.guest_name',
          'applications.guest_email',
          'applications.guest_phone',
          'applications.resume',
          'applications.interview_at',
          'applications.interview_place',
          'applications.user_id',
          'jobs.id as job_id',
          'jobs.title as job_title',
          'spas.id as spa_id',
          'spas.name as spa_name',
          'users.firstname',
          'users.lastname',
          'users.email',
          'users.phone',
          'users.address',
          'users.experience',
          'users.resume as user_resume',
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
      data: rows.map((r) => {
        const guest = r.user_id === null;
        return {
          _id: String(r.id),
          job: { _id: String(r.job_id), title: r.job_title },
          spa: { _id: String(r.spa_id), name: r.spa_name },
          name: guest ? (r.guest_name ?? '') : `${r.firstname ?? ''} ${r.lastname ?? ''}`.trim(),
          email: guest ? r.guest_email : r.email,
          phone: guest ? r.guest_phone : r.phone,
          city: guest ? null : r.address,
          experience: guest ? null : r.experience,
          guest,
          hasResume: !!(guest ? r.resume : r.user_resume),
          status: r.status,
          interviewAt: r.interview_at,
          interviewPlace: r.interview_place,
          appliedAt: new Date(Number(r.applied_at)).toISOString(),
          history: history.get(r.id) ?? [],
        };
      }),
    };
  }

  /** Each application's changes, oldest first. */
  async history(applicationIds: number[]): Promise<Map<number, ApplicationEvent[]>> {
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

  /** The stored resume of an application the actor may see: the guest's, or the candidate's own. */
  async resumeOf(actor: Actor, applicationId: number): Promise<Outcome<string | null>> {
    const row = await this.applicantsQuery(actor)
      .select(['applications.resume', 'applications.user_id', 'users.resume as user_resume'])
      .where('applications.id', '=', applicationId)
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'not-found' };
    return { ok: true, value: row.user_id === null ? row.resume : row.user_resume };
  }

  /**
   * Moves one application along the pipeline and records who did it and
   * when. Answers what the candidate needs to be told.
   */
  async changeStatus(
    actor: Actor,
    applicationId: number,
    change: {
      status: PipelineStatus;
      interviewAt?: string | null;
      interviewPlace?: string | null;
      note?: string | null;
    },
    now = Date.now(),
    tx?: Transaction<Database>,
  ): Promise<Outcome<StatusNotice>> {
    const run = async (t: Transaction<Database>): Promise<Outcome<StatusNotice>> => {
      let q = t
        .selectFrom('applications')
        .innerJoin('jobs', 'jobs.id', 'applications.job_id')
        .innerJoin('spas', 'spas.id', 'jobs.spa_id')
        .leftJoin('users', 'users.id', 'applications.user_id')
        .select([
          'applications.id',
          'applications.status',
          'applications.user_id',
          'applications.guest_email',
          'applications.guest_name',
          'users.email',
          'users.firstname',
          'users.language as user_language',
          'applications.language as application_language',
          'jobs.title',
          'spas.name as spa_name',
        ])
        .where('applications.id', '=', applicationId);
      q =
        change.status === 'withdrawn'
          ? q.where('applications.user_id', '=', actor.id)
          : q.where((eb) => spaScope(eb, actor, 'jobs.spa_id'));
      const row = await q.executeTakeFirst();
      if (!row) return { ok: false, reason: 'not-found' };
      if (!canMove(row.status, change.status)) return { ok: false, reason: 'conflict' };
      // Conditional on the status read, so two changes at once cannot both pass the check.
      const updated = await t
        .updateTable('applications')
        .set({
          status: change.status,
          ...(change.status === 'interview'
            ? { interview_at: change.interviewAt ?? null, interview_place: change.interviewPlace ?? null }
            : {}),
        })
        .where('id', '=', applicationId)
        .where('status', '=', row.status)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: 'conflict' };
      await t
        .insertInto('application_events')
        .values({
          application_id: applicationId,
          status: change.status,
          note: change.note ?? null,
          interview_at: change.status === 'interview' ? (change.interviewAt ?? null) : null,
          interview_place: change.status === 'interview' ? (change.interviewPlace ?? null) : null,
          changed_by: actor.id,
          changed_at: now,
        })
        .execute();
      return {
        ok: true,
        value: {
          email: row.user_id === null ? row.guest_email : row.email,
          name: row.user_id === null ? (row.guest_name ?? '') : (row.firstname ?? ''),
          jobTitle: row.title,
          spaName: row.spa_name,
          status: change.status,
          interviewAt: change.interviewAt ?? null,
          interviewPlace: change.interviewPlace ?? null,
          // A candidate's last-used language, else the application's (a guest's only one).
          language: (row.user_language ?? row.application_language) === 'hi' ? 'hi' : 'en',
        },
      };
    };
    return tx ? run(tx) : this.db.transaction().execute(run);
  }

  /** The same change for several applications, all or none. */
  async bulkStatus(
    actor: Actor,
    ids: number[],
    status: 'shortlisted' | 'rejected',
    now = Date.now(),
  ): Promise<Outcome<StatusNotice[]>> {
    try {
      return await this.db.transaction().execute(async (tx) => {
        const notices: StatusNotice[] = [];
        for (const id of ids) {
          const r = await this.changeStatus(actor, id, { status }, now, tx);
          if (!r.ok) throw new BulkAbort(r.reason);
          notices.push(r.value);
        }
        return { ok: true, value: notices } as const;
      });
    } catch (err) {
      if (err instanceof BulkAbort) return { ok: false, reason: err.reason };
      throw err;
    }
  }
}

class BulkAbort extends Error {
  constructor(readonly reason: 'not-found' | 'conflict' | 'forbidden') {
    super(reason);
  }
}

export interface StatusNotice {
  email: string | null;
  name: string;
  jobTitle: string;
  spaName: string;
  status: PipelineStatus;
  interviewAt: string | null;
  interviewPlace: string | null;
  /** The language the candidate's e-mail goes in. */
  language: Language;
}

/** When the next open job expires (after now), or null; read from the (is_active, expires_at) index. */
export async function nextJobExpiry({ db }: Db, now = Date.now()): Promise<number | null> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.min('expires_at').as('next'))
    .where('is_active', '=', 1)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}
