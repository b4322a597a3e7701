import { en } from './en';

export const t = en;

/** Fills {name} placeholders: format('{Provider} login…', {Provider: 'Google'}). */
export function format(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}
