import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';

/** What running a query needs of a Kysely instance, whatever its tables. */
type Runner = Pick<Kysely<unknown>, 'executeQuery'>;

/**
 * A query built and compiled once, then run with new values: for the reads of
 * one row by its key that every page makes (a job's page reads its job twice),
 * building and compiling the query with Kysely costs more than SQLite's read.
 *
 * `build` is called once, with `sample`: values that are all different, so
 * that each one's place among the compiled parameters is known. A query whose
 * parameters are not exactly those values (a constant of its own, a value used
 * twice) is refused when it is first compiled, rather than run with the wrong
 * values.
 */
export class ReusableQuery<R, A extends readonly (string | number)[]> {
  private compiled: CompiledQuery<R> | undefined;

  constructor(
    private readonly build: (...args: A) => Compilable<R>,
    private readonly sample: A,
  ) {
    if (new Set(sample).size !== sample.length) throw new Error('The sample values must all differ');
  }

  private compile(): CompiledQuery<R> {
    const compiled = this.build(...this.sample).compile();
    const same =
      compiled.parameters.length === this.sample.length &&
      compiled.parameters.every((p, i) => p === this.sample[i]);
    if (!same)
      throw new Error(`A reusable query must take exactly its arguments as parameters: ${compiled.sql}`);
    return compiled;
  }

  execute(db: Runner, ...args: A): Promise<QueryResult<R>> {
    this.compiled ??= this.compile();
    return db.executeQuery<R>({ ...this.compiled, parameters: args, queryId: createQueryId() });
  }
}
