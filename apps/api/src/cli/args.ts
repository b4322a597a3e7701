/** Reads `--name value` and `--flag` pairs; positional arguments are returned in order. */
export function parseArgs(argv: string[]): { flags: Record<string, string | true>; positional: string[] } {
  const flags: Record<string, string | true> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const [k, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
      const next = argv[i + 1];
      if (inline !== undefined) flags[k] = inline;
      else if (next !== undefined && !next.startsWith('--')) {
        flags[k] = next;
        i++;
      } else flags[k] = true;
    } else positional.push(a);
  }
  return { flags, positional };
}

export function intFlag(flags: Record<string, string | true>, name: string, fallback: number): number {
  const v = flags[name];
  if (v === undefined) return fallback;
  const n = Number(String(v).replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
}
