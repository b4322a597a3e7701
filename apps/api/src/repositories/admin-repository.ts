import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { isActiveValue, type Outcome } from './employer-repository.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface AuditEntry {
  actorId: number;
  action: string;
  targetType: 'spa' | 'job' | 'user' | 'report' | 'message' | 'export';
  targetId: number | null;
  details?: Record<string, unknown>;
}

const iso = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();

/** What admins read and change. Every change is written to the audit log in the same transaction. */
export class AdminRepository {
  constructor(private readonly d: Db) {}

  private get db(): Kysely<Database> {
    return this.d.db;
  }

  async audit(e: AuditEntry, tx: Executor = this.db, now = Date.now()): Promise<void> {
    await tx
      .insertInto('audit_log')
      .values({
        actor_id: e.actorId,
        action: e.action,
        target_type: e.targetType,
        target_id: e.targetId,
        details: e.details ? JSON.stringify(e.details) : null,
        created_at: now,
      })
      .execute();
  }

  async auditLog(limit = 100) {
    const rows = await this.db
      .selectFrom('audit_log')
      .leftJoin('users', 'users.id', 'audit_log.actor_id')
      .select([
        'audit_log.id',
        'audit_log.action',
        'audit_log.target_type',
        'audit_log.target_id',
        'audit_log.details',
        'audit_log.created_at',
        'users.email as actor_email',
      ])
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      _id: String(r.id),
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id === null ? null : String(r.target_id),
      details: r.details,
      actor: r.actor_email,
      at: iso(r.created_at)!,
    }));
  }

  async stats(now = Date.now()) {
    const count = async (q: Promise<{ n: number | string } | undefined>) => Number((await q)?.n ?? 0);
    const [
      users,
      employers,
      spas,
      verifiedSpas,
      pendingSpas,
      openJobs,
      pendingJobs,
      applications,
      openReports,
      newMessages,
    ] = await Promise.all([
      count(
        this.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('role', '=', 'user')
          .executeTakeFirst(),
      ),
      count(
        this.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('role', '=', 'employer')
          .executeTakeFirst(),
      ),
      count(
        this.db
          .selectFrom('spas')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
      ),
      count(
        this.db
          .selectFrom('spas')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('verification', '=', 'verified')
          .executeTakeFirst(),
      ),
      count(
        this.db
          .selectFrom('spas')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('verification', '=', 'pending')
          .executeTakeFirst(),
      ),
      count(
        this.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('is_active', '=', 1)
          .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
          .executeTakeFirst(),
      ),
      count(
        this.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('moderation', '=', 'pending')
          .executeTakeFirst(),
      ),
      count(
        this.db
          .selectFrom('applications')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
      ),
      count(
        this.db
          .selectFrom('job_reports')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('resolved_at', 'is', null)
          .executeTakeFirst(),
      ),
      count(
        this.db
          .selectFrom('contact_messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('handled_at', 'is', null)
          .executeTakeFirst(),
      ),
    ]);
    return {
      users,
      employers,
      spas,
      verifiedSpas,
      pendingSpas,
      openJobs,
      pendingJobs,
      applications,
      openReports,
      newMessages,
    };
  }

  // ---- Moderation -------------------------------------------------------

  async pendingSpas() {
    const rows = await this.db
      .selectFrom('spas')
      .select(['id', 'name', 'full_address', 'city', 'state', 'phone', 'whatsapp', 'email', 'created_at'])
      .where('verification', '=', 'pending')
      .orderBy('created_at')
      .limit(200)
      .execute();
    const owners = rows.length
      ? await this.db
          .selectFrom('spa_members')
          .innerJoin('users', 'users.id', 'spa_members.user_id')
          .select(['spa_members.spa_id', 'users.email', 'users.firstname', 'users.lastname'])
          .where(
            'spa_members.spa_id',
            'in',
            rows.map((r) => r.id),
          )
          .where('spa_members.role', '=', 'owner')
          .execute()
      : [];
    return rows.map((r) => {
      const owner = owners.find((o) => o.spa_id === r.id);
      return {
        _id: String(r.id),
        name: r.name,
        fullAddress: r.full_address,
        city: r.city,
        state: r.state,
        phone: r.phone,
        whatsapp: r.whatsapp,
        email: r.email,
        owner: owner ? `${owner.firstname} ${owner.lastname} <${owner.email}>` : null,
        createdAt: iso(r.created_at)!,
      };
    });
  }

  /**
   * Verifies or rejects a spa. Verifying it approves the jobs of it that were
   * waiting, which then open at once.
   */
  async verifySpa(
    actorId: number,
    spaId: number,
    decision: 'verified' | 'rejected',
    note: string | null,
  ): Promise<Outcome<null>> {
    return this.db.transaction().execute(async (tx) => {
      const spa = await tx
        .selectFrom('spas')
        .select(['id', 'verification'])
        .where('id', '=', spaId)
        .executeTakeFirst();
      if (!spa) return { ok: false, reason: 'not-found' } as const;
      await tx
        .updateTable('spas')
        .set({ verification: decision, verification_note: note })
        .where('id', '=', spaId)
        .execute();
      if (decision === 'verified') {
        const waiting = await tx
          .selectFrom('jobs')
          .select(['id', 'status'])
          .where('spa_id', '=', spaId)
          .where('moderation', '=', 'pending')
          .execute();
        for (const j of waiting) {
          await tx
            .updateTable('jobs')
            .set({ moderation: 'approved', is_active: isActiveValue(j.status, 'approved') })
            .where('id', '=', j.id)
            .execute();
        }
      }
      await this.audit(
        {
          actorId,
          action: `spa.${decision === 'verified' ? 'verify' : 'reject'}`,
          targetType: 'spa',
          targetId: spaId,
          details: { note, from: spa.verification },
        },
        tx,
      );
      return { ok: true, value: null } as const;
    });
  }

  async pendingJobs() {
    const rows = await this.db
      .selectFrom('jobs')
      .innerJoin('spas', 'spas.id', 'jobs.spa_id')
      .select([
        'jobs.id',
        'jobs.title',
        'jobs.salary',
        'jobs.description',
        'jobs.created_at',
        'spas.id as spa_id',
        'spas.name as spa_name',
        'spas.verification',
      ])
      .where('jobs.moderation', '=', 'pending')
      .orderBy('jobs.created_at')
      .limit(200)
      .execute();
    return rows.map((r) => ({
      _id: String(r.id),
      title: r.title,
      salary: r.salary,
      description: r.description,
      spa: { _id: String(r.spa_id), name: r.spa_name, verification: r.verification },
      createdAt: iso(r.created_at)!,
    }));
  }

  /** Approves or rejects a job; a rejected job leaves every listing at once. */
  async moderateJob(
    actorId: number,
    jobId: number,
    decision: 'approved' | 'rejected',
    note: string | null,
    tx?: Transaction<Database>,
  ): Promise<Outcome<null>> {
    const run = async (t: Transaction<Database>) => {
      const job = await t
        .selectFrom('jobs')
        .select(['id', 'status', 'moderation'])
        .where('id', '=', jobId)
        .executeTakeFirst();
      if (!job) return { ok: false, reason: 'not-found' } as const;
      await t
        .updateTable('jobs')
        .set({ moderation: decision, moderation_note: note, is_active: isActiveValue(job.status, decision) })
        .where('id', '=', jobId)
        .execute();
      await this.audit(
        {
          actorId,
          action: `job.${decision === 'approved' ? 'approve' : 'reject'}`,
          targetType: 'job',
          targetId: jobId,
          details: { note, from: job.moderation },
        },
        t,
      );
      return { ok: true, value: null } as const;
    };
    return tx ? run(tx) : this.db.transaction().execute(run);
  }

  // ---- Reports ----------------------------------------------------------

  async report(
    jobId: number,
    userId: number | null,
    reason: string,
    details: string | null,
    now = Date.now(),
  ) {
    await this.db
      .insertInto('job_reports')
      .values({ job_id: jobId, user_id: userId, reason, details, created_at: now })
      .execute();
  }

  async openReports() {
    const rows = await this.db
      .selectFrom('job_reports')
      .innerJoin('jobs', 'jobs.id', 'job_reports.job_id')
      .innerJoin('spas', 'spas.id', 'jobs.spa_id')
      .select([
        'job_reports.id',
        'job_reports.reason',
        'job_reports.details',
        'job_reports.created_at',
        'jobs.id as job_id',
        'jobs.title',
        'jobs.moderation',
        'spas.name as spa_name',
      ])
      .where('job_reports.resolved_at', 'is', null)
      .orderBy('job_reports.created_at')
      .limit(200)
      .execute();
    return rows.map((r) => ({
      _id: String(r.id),
      reason: r.reason,
      details: r.details,
      createdAt: iso(r.created_at)!,
      job: { _id: String(r.job_id), title: r.title, spaName: r.spa_name, moderation: r.moderation },
    }));
  }

  /** Dismisses a report, or rejects its job (which also settles every other open report of that job). */
  async resolveReport(
    actorId: number,
    reportId: number,
    action: 'dismiss' | 'reject-job',
    now = Date.now(),
  ): Promise<Outcome<null>> {
    return this.db.transaction().execute(async (tx) => {
      const report = await tx
        .selectFrom('job_reports')
        .select(['id', 'job_id', 'resolved_at'])
        .where('id', '=', reportId)
        .executeTakeFirst();
      if (!report) return { ok: false, reason: 'not-found' } as const;
      if (report.resolved_at !== null) return { ok: false, reason: 'conflict' } as const;
      if (action === 'reject-job') {
        await this.moderateJob(actorId, report.job_id, 'rejected', 'Rejected after a report', tx);
        await tx
          .updateTable('job_reports')
          .set({ resolved_at: now, resolved_by: actorId, resolution: action })
          .where('job_id', '=', report.job_id)
          .where('resolved_at', 'is', null)
          .execute();
      } else {
        await tx
          .updateTable('job_reports')
          .set({ resolved_at: now, resolved_by: actorId, resolution: action })
          .where('id', '=', reportId)
          .execute();
      }
      await this.audit({ actorId, action: `report.${action}`, targetType: 'report', targetId: reportId }, tx);
      return { ok: true, value: null } as const;
    });
  }

  // ---- Users ------------------------------------------------------------

  async searchUsers(q: string | undefined, limit = 50) {
    let query = this.db
      .selectFrom('users')
      .select(['id', 'email', 'phone', 'firstname', 'lastname', 'role', 'disabled_at', 'created_at']);
    if (q) {
      const like = `%${q.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['email']), 'like', like),
          eb('phone', 'like', like),
          eb(eb.fn('lower', ['firstname']), 'like', like),
          eb(eb.fn('lower', ['lastname']), 'like', like),
        ]),
      );
    }
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map((r) => ({
      _id: String(r.id),
      email: r.email,
      phone: r.phone,
      name: `${r.firstname} ${r.lastname}`,
      role: r.role,
      disabled: r.disabled_at !== null,
      createdAt: iso(r.created_at)!,
    }));
  }

  /** Disabling ends the account's sessions at once (tokens issued before now are refused). */
  async setDisabled(
    actorId: number,
    userId: number,
    disabled: boolean,
    now = Date.now(),
  ): Promise<Outcome<null>> {
    return this.db.transaction().execute(async (tx) => {
      const user = await tx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!user) return { ok: false, reason: 'not-found' } as const;
      await tx
        .updateTable('users')
        .set(
          disabled
            ? { disabled_at: now, sessions_valid_after: now, updated_at: now }
            : { disabled_at: null, updated_at: now },
        )
        .where('id', '=', userId)
        .execute();
      await this.audit(
        { actorId, action: disabled ? 'user.disable' : 'user.enable', targetType: 'user', targetId: userId },
        tx,
      );
      return { ok: true, value: null } as const;
    });
  }

  // ---- Contact messages -------------------------------------------------

  async messages(handled: boolean, limit = 100) {
    const rows = await this.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('handled_at', handled ? 'is not' : 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      _id: String(r.id),
      name: r.name,
      email: r.email,
      phone: r.phone,
      location: r.location,
      subject: r.subject,
      message: r.message,
      createdAt: iso(r.created_at)!,
      handledAt: iso(r.handled_at),
    }));
  }

  async markHandled(actorId: number, messageId: number, now = Date.now()): Promise<Outcome<null>> {
    return this.db.transaction().execute(async (tx) => {
      const r = await tx
        .updateTable('contact_messages')
        .set({ handled_at: now, handled_by: actorId })
        .where('id', '=', messageId)
        .where('handled_at', 'is', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) {
        const exists = await tx
          .selectFrom('contact_messages')
          .select('id')
          .where('id', '=', messageId)
          .executeTakeFirst();
        return { ok: false, reason: exists ? 'conflict' : 'not-found' } as const;
      }
      await this.audit(
        { actorId, action: 'message.handled', targetType: 'message', targetId: messageId },
        tx,
      );
      return { ok: true, value: null } as const;
    });
  }

  // ---- Exports ----------------------------------------------------------

  async applicationRows(f: { jobId?: number; spaId?: number }) {
    let q = this.db
      .selectFrom('applications')
      .innerJoin('jobs', 'jobs.id', 'applications.job_id')
      .innerJoin('spas', 'spas.id', 'jobs.spa_id')
      .leftJoin('users', 'users.id', 'applications.user_id')
      .select([
        'applications.id',
        'applications.status',
        'applications.applied_at',
        'applications.user_id',
        'applications.guest_name',
        'applications.guest_email',
        'applications.guest_phone',
        'users.firstname',
        'users.lastname',
        'users.email',
        'users.phone',
        'jobs.id as job_id',
        'jobs.title',
        'spas.id as spa_id',
        'spas.name as spa_name',
      ]);
    if (f.jobId !== undefined) q = q.where('jobs.id', '=', f.jobId);
    if (f.spaId !== undefined) q = q.where('jobs.spa_id', '=', f.spaId);
    const rows = await q
      .orderBy('applications.applied_at', 'desc')
      .orderBy('applications.id', 'desc')
      .limit(100_000)
      .execute();
    return rows.map((r) => {
      const guest = r.user_id === null;
      return {
        application_id: r.id,
        applied_at: iso(r.applied_at),
        status: r.status,
        name: guest ? r.guest_name : `${r.firstname} ${r.lastname}`,
        email: guest ? r.guest_email : r.email,
        phone: guest ? r.guest_phone : r.phone,
        guest: guest ? 'yes' : 'no',
        job_id: r.job_id,
        job_title: r.title,
        spa_id: r.spa_id,
        spa_name: r.spa_name,
      };
    });
  }

  async jobRows() {
    const rows = await this.db
      .selectFrom('jobs')
      .innerJoin('spas', 'spas.id', 'jobs.spa_id')
      .select([
        'jobs.id',
        'jobs.title',
        'jobs.category',
        'jobs.city',
        'jobs.state',
        'jobs.salary',
        'jobs.status',
        'jobs.moderation',
        'jobs.is_active',
        'jobs.views',
        'jobs.posted_at',
        'jobs.expires_at',
        'spas.id as spa_id',
        'spas.name as spa_name',
      ])
      .orderBy('jobs.posted_at', 'desc')
      .orderBy('jobs.id', 'desc')
      .limit(100_000)
      .execute();
    return rows.map((r) => ({
      job_id: r.id,
      title: r.title,
      category: r.category,
      city: r.city,
      state: r.state,
      salary: r.salary,
      status: r.status,
      moderation: r.moderation,
      listed: Number(r.is_active) === 1 ? 'yes' : 'no',
      views: Number(r.views),
      posted_at: iso(r.posted_at),
      expires_at: iso(r.expires_at),
      spa_id: r.spa_id,
      spa_name: r.spa_name,
    }));
  }
}
