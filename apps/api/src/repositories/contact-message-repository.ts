import type { Db } from '../db/database.ts';

export interface NewContactMessage {
  name: string;
  email: string;
  phone: string | null;
  location: string | null;
  subject: 'jobs' | 'services';
  message: string;
}

export class ContactMessageRepository {
  constructor(private readonly d: Db) {}

  async create(m: NewContactMessage): Promise<number> {
    const row = await this.d.db
      .insertInto('contact_messages')
      .values({ ...m, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }
}
