import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';

/** What running a query needs of a Kysely instance, whatever its tables. */
type Runner = Pick<Kysely<unknown>, 'executeQuery'>;

/**
 * A query built and compiled once, then run with new values: for the reads of
 * one row by its key that every page makes (a job's page reads its job twice),
 * and the statements of spas near a place, building and compiling the query
 * with Kysely costs more than SQLite's read.
 *
 * `build` is called once, with `sample`: values that are all different, so
 * that each parameter's argument is known by its value; an argument may be
 * used more than once. A query with a parameter that is none of the values (a
 * constant of its own), or that leaves one out, is refused when it is first
 * compiled, rather than run with the wrong values. So the sample values must
 * be ones no constant of the query can equal.
 */
export class ReusableQuery<R, A extends readonly (string | number)[]> {
  private compiled: { query: CompiledQuery<R>; places: number[] } | undefined;

  constructor(
    private readonly build: (...args: A) => Compilable<R>,
    private readonly sample: A,
  ) {
    if (new Set(sample).size !== sample.length) throw new Error('The sample values must all differ');
  }

  private compile(): { query: CompiledQuery<R>; places: number[] } {
    const query = this.build(...this.sample).compile();
    const places = query.parameters.map((p) => this.sample.indexOf(p as A[number]));
    if (places.some((i) => i < 0) || new Set(places).size !== this.sample.length)
      throw new Error(`A reusable query must take exactly its arguments as parameters: ${query.sql}`);
    return { query, places };
  }

  execute(db: Runner, ...args: A): Promise<QueryResult<R>> {
    this.compiled ??= this.compile();
    const { query, places } = this.compiled;
    return db.executeQuery<R>({ ...query, parameters: places.map((i) => args[i]), queryId: createQueryId() });
  }
}
