import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { ReusableQuery } from './reusable-query.ts';

interface Tables {
  items: { id: number; name: string; kind: string };
}

describe('a query compiled once and run with new values', () => {
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  afterAll(() => db.destroy());

  it('answers each run with its own values, in their places', async () => {
    await db.schema
      .createTable('items')
      .addColumn('id', 'integer')
      .addColumn('name', 'text')
      .addColumn('kind', 'text')
      .execute();
    await db
      .insertInto('items')
      .values([
        { id: 1, name: 'Lotus', kind: 'spa' },
        { id: 2, name: 'Tulsi', kind: 'spa' },
        { id: 3, name: 'Tulsi', kind: 'salon' },
      ])
      .execute();
    const built: number[] = [];
    const byNameAndKind = new ReusableQuery(
      (name: string, kind: string) => {
        built.push(1);
        return db.selectFrom('items').select('id').where('name', '=', name).where('kind', '=', kind);
      },
      ['a', 'b'],
    );
    expect((await byNameAndKind.execute(db, 'Tulsi', 'salon')).rows).toEqual([{ id: 3 }]);
    expect((await byNameAndKind.execute(db, 'Tulsi', 'spa')).rows).toEqual([{ id: 2 }]);
    expect((await byNameAndKind.execute(db, 'Lotus', 'salon')).rows).toEqual([]);
    expect(built).toHaveLength(1);
  });

  it('puts an argument used twice in both its places', async () => {
    const between = new ReusableQuery(
      (id: number, kind: string) =>
        db
          .selectFrom('items')
          .select('id')
          .where('id', '>=', id)
          .where('id', '<=', id)
          .where((eb) => eb.or([eb('kind', '=', kind), eb('name', '=', kind)]))
          .orderBy('id'),
      [7, 'sample'],
    );
    expect((await between.execute(db, 2, 'spa')).rows).toEqual([{ id: 2 }]);
    expect((await between.execute(db, 3, 'Tulsi')).rows).toEqual([{ id: 3 }]);
    expect((await between.execute(db, 3, 'spa')).rows).toEqual([]);
  });

  it('refuses a query whose parameters are not exactly its arguments', async () => {
    const withConstant = new ReusableQuery(
      (id: number) => db.selectFrom('items').select('name').where('id', '=', id).where('kind', '=', 'spa'),
      [1],
    );
    await expect(async () => withConstant.execute(db, 2)).rejects.toThrow(/exactly its arguments/);
    const leftOut = new ReusableQuery(
      (id: number, kind: string) =>
        db
          .selectFrom('items')
          .select('name')
          .where('id', '=', id)
          .$if(!kind, (q) => q),
      [1, 'x'],
    );
    await expect(async () => leftOut.execute(db, 2, 'spa')).rejects.toThrow(/exactly its arguments/);
    expect(
      () =>
        new ReusableQuery(
          (a: number, b: number) => db.selectFrom('items').select('name').where('id', 'in', [a, b]),
          [1, 1],
        ),
    ).toThrow(/differ/);
  });
});
