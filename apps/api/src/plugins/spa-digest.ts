import type { FastifyInstance } from 'fastify';
import { digestMail } from '../lib/pipeline-mail.ts';
import { schedule } from '../lib/scheduled-runs.ts';

/**
 * New-application e-mail to a spa's employers: the first application after a
 * quiet hour is sent at once; the ones that follow within the hour wait for
 * the sweep, which sends them together once the hour is over. Which spas are
 * waiting is read from the database, so a restart loses nothing; the claim
 * is a conditional update, so several instances never send the same digest.
 */
export interface SpaDigests {
  /** After a new application: tell its spa now, unless it heard from us within the hour. */
  afterApplication(applicationId: number, jobId: number): Promise<void>;
  /** Sends every digest that is due. */
  sweep(now?: number): Promise<number>;
}

export function createSpaDigests(app: FastifyInstance): SpaDigests {
  const site = () => ({
    brandName: app.ctx.config.site.brandName,
    publicBaseUrl: app.ctx.config.publicBaseUrl,
  });

  async function send(spaId: number, now: number): Promise<boolean> {
    const { applications, employers, mailer } = app.ctx;
    const items = await applications.claimDigest(spaId, now);
    if (!items || !items.length) return false;
    const [recipients, spa] = await Promise.all([
      employers.memberRecipients(spaId),
      employers.spaName(spaId),
    ]);
    for (const r of recipients) mailer.send(digestMail(r.email, spa, items, site(), r.language));
    return true;
  }

  return {
    async afterApplication(applicationId, jobId) {
      const spaId = await app.ctx.applications.settleUnmanaged(applicationId, jobId);
      if (spaId !== null) await send(spaId, Date.now());
    },
    async sweep(now = Date.now()) {
      let sent = 0;
      for (const spaId of await app.ctx.applications.spasAwaitingDigest()) {
        if (await send(spaId, now)) sent++;
      }
      return sent;
    },
  };
}

/**
 * Runs the sweep every few minutes beside the server; with several instances
 * each sweep is claimed by one of them (lib/scheduled-runs.ts), and each
 * spa's digest is claimed again on its own.
 */
export function scheduleSpaDigests(app: FastifyInstance, everyMs: number): void {
  if (everyMs <= 0) return;
  const runs = schedule({
    database: app.ctx.database,
    name: 'spa-new-application-digest',
    everyMs,
    run: () => app.ctx.digests.sweep(),
    onError: (err) => app.log.error({ err }, 'spa digest sweep failed'),
  });
  app.addHook('onClose', async () => runs.stop());
}
