import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Times are stored as epoch milliseconds (bigint) so both engines compare them alike. */
export interface SpaTable {
  id: Generated<number>;
  external_id: string | null;
  name: string;
  business_name: string | null;
  category: string;
  logo: string | null;
  website: string | null;
  phone: string | null;
  email: string | null;
  address_line: string | null;
  district: string | null;
  city: string;
  state: string;
  pincode: string | null;
  full_address: string;
  latitude: number;
  longitude: number;
  map_link: string | null;
  google_map: string | null;
  /** JSON array of image URLs. */
  gallery_images: string;
  opening_hours: string | null;
  closing_hours: string | null;
  rating: number;
  reviews_count: number;
  created_at: number;
  /** listed (imported, unclaimed), pending, verified or rejected. */
  verification: Generated<string>;
  verification_note: Generated<string | null>;
  whatsapp: Generated<string | null>;
  /** When the last new-application e-mail went to the spa's employers. */
  digest_sent_at: Generated<number | null>;
  /** The spa's open jobs at `open_jobs_from` (kept by triggers, migration 0039). */
  open_jobs: Generated<number>;
  open_jobs_from: Generated<number>;
  /** The earliest expiry among the jobs `open_jobs` counts: the count holds until then. */
  open_jobs_until: Generated<number | null>;
}

export interface JobTable {
  id: Generated<number>;
  external_id: string | null;
  spa_id: number;
  title: string;
  salary: string;
  experience: string;
  /** The lowest monthly salary in rupees, read from `salary` (see `jobNumbers`). */
  salary_min: number | null;
  /** The fewest years of experience asked for, read from `experience`. */
  experience_min: number | null;
  category: string;
  city: string;
  state: string;
  location: string;
  vacancies: Generated<number>;
  gender: Generated<string>;
  description: string;
  /** The spa's name, kept by triggers (migrations 0004 and 0011) for keyword search. */
  spa_name: Generated<string>;
  requirements: string;
  hr_phone: string | null;
  hr_whatsapp: string | null;
  views: Generated<number>;
  posted_at: number;
  expires_at: number | null;
  is_active: Generated<number>;
  created_at: number;
  /** active, paused or closed. is_active is 1 only for an active, approved job. */
  status: Generated<string>;
  /** approved, pending (a job of an unverified spa) or rejected. */
  moderation: Generated<string>;
  moderation_note: Generated<string | null>;
  posted_by: Generated<number | null>;
}

export interface UserTable {
  id: Generated<number>;
  email: string;
  /** Empty for an account made through Google or Facebook until the candidate adds one. */
  phone: string | null;
  password_hash: string | null;
  firstname: string;
  lastname: string;
  gender: string | null;
  role: Generated<string>;
  dob: string | null;
  qualification: string | null;
  experience: string | null;
  /** JSON array of strings. */
  skills: Generated<string>;
  address: string | null;
  profile_image: string | null;
  resume: string | null;
  /** Tokens issued before this moment are refused (password reset). */
  sessions_valid_after: Generated<number>;
  created_at: number;
  updated_at: number;
  /** A disabled account cannot sign in and its tokens are refused. */
  disabled_at: Generated<number | null>;
  /** The language ('en' or 'hi') the person last used the site in; e-mails go in it. */
  language: Generated<string | null>;
}

export interface ApplicationTable {
  id: Generated<number>;
  job_id: number;
  user_id: number | null;
  guest_name: string | null;
  guest_email: string | null;
  guest_phone: string | null;
  resume: string | null;
  status: Generated<string>;
  applied_at: number;
  interview_at: Generated<string | null>;
  interview_place: Generated<string | null>;
  spa_notified_at: Generated<number | null>;
  /** The language ('en' or 'hi') the application was sent in; a guest's e-mails go in it. */
  language: Generated<string | null>;
}

export interface ContactMessageTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  location: string | null;
  subject: string;
  message: string;
  created_at: number;
  handled_at: Generated<number | null>;
  handled_by: Generated<number | null>;
}

export interface SpaMemberTable {
  id: Generated<number>;
  spa_id: number;
  user_id: number;
  role: 'owner' | 'member';
  created_at: number;
}

export interface ApplicationEventTable {
  id: Generated<number>;
  application_id: number;
  status: string;
  note: string | null;
  interview_at: string | null;
  interview_place: string | null;
  changed_by: number | null;
  changed_at: number;
}

export interface JobReportTable {
  id: Generated<number>;
  job_id: number;
  user_id: number | null;
  reason: string;
  details: string | null;
  created_at: number;
  resolved_at: number | null;
  resolved_by: number | null;
  resolution: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: number | null;
  details: string | null;
  created_at: number;
}

export interface PasswordResetTokenTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface JobAlertTable {
  id: Generated<number>;
  email: string;
  user_id: number | null;
  /** The saved search (AlertQuery) as JSON. */
  query: string;
  /** The search in a canonical form: one alert per search and address. */
  query_key: string;
  frequency: string;
  language: string;
  /** pending (not confirmed), active or paused. */
  status: string;
  confirm_token_hash: string | null;
  confirm_expires_at: number | null;
  confirmed_at: number | null;
  created_at: number;
  /** Jobs posted after this are new to the alert. */
  hwm_at: number;
  /** When the next digest is due; null while pending or paused. */
  next_due_at: number | null;
  lease_owner: string | null;
  lease_until: number | null;
  attempts: Generated<number>;
  last_sent_at: number | null;
  digests_sent: Generated<number>;
}

export interface AlertAddressTable {
  email: string;
  confirmed_at: number;
}

export interface Database {
  job_alerts: JobAlertTable;
  alert_addresses: AlertAddressTable;
  spas: SpaTable;
  jobs: JobTable;
  users: UserTable;
  applications: ApplicationTable;
  contact_messages: ContactMessageTable;
  password_reset_tokens: PasswordResetTokenTable;
  spa_members: SpaMemberTable;
  application_events: ApplicationEventTable;
  job_reports: JobReportTable;
  audit_log: AuditLogTable;
  scheduled_runs: ScheduledRunTable;
  job_place_counts: JobPlaceCountTable;
  spa_cards: SpaCardTable;
  spa_reaches: SpaReachTable;
}

/**
 * Each spa's reaches (migration 0047, decision 90): km to its 6th, 12th, 25th, 50th and 100th nearest spas,
 * itself the first; null where the board holds fewer. Keyed by a hundredth of a degree of latitude, then
 * longitude.
 */
export interface SpaReachTable {
  strip: number;
  longitude: number;
  spa_id: number;
  ux: number;
  uy: number;
  uz: number;
  r6: number | null;
  r12: number | null;
  r25: number | null;
  r50: number | null;
  r100: number | null;
}

/**
 * Each spa's card in place order (migration 0044, decision 83), kept by triggers: its listed fields as the
 * contract's JSON up to the open jobs (`head`), and the open jobs' count as the spa's row has it.
 */
export interface SpaCardTable {
  key: number;
  id: number;
  /** PostgreSQL: null when the head is too long for the primary key, which carries it (migration 0045). */
  head: string | null;
  /** PostgreSQL only: a head too long for the primary key (migration 0045). */
  long_head?: string | null;
  verified: number | boolean;
  open_jobs: number;
  open_jobs_from: number;
  open_jobs_until: number | null;
}

/**
 * The open jobs of each state, city and category (migration 0040, decision 73), kept by triggers: the
 * active jobs that expire after `open_jobs_from` (or never), exact until `open_jobs_until`.
 */
export interface JobPlaceCountTable {
  state: string;
  city: string;
  category: string;
  open_jobs: number;
  open_jobs_from: number;
  /** The earliest expiry among the jobs counted: the count holds until then. */
  open_jobs_until: number | null;
}

/** Scheduled work claimed through the database (lib/scheduled-runs.ts). */
export interface ScheduledRunTable {
  name: string;
  /** No instance may start the next run before this moment. */
  next_run_at: number;
  /** The instance that claimed the last run, and when. */
  claimed_by: string | null;
  claimed_at: number | null;
}

export type SpaRow = Selectable<SpaTable>;
export type NewSpa = Insertable<SpaTable>;
export type JobRow = Selectable<JobTable>;
export type NewJob = Insertable<JobTable>;
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type ApplicationRow = Selectable<ApplicationTable>;
export type JobAlertRow = Selectable<JobAlertTable>;
