import type { Database } from 'better-sqlite3';

export const SPA_NAME_PART_CHARS: number;
export function spaNameParts(name: string): string[];
export function registerSpaNameParts(db: Database): void;
