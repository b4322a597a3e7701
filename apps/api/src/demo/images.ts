import { Random } from './random.ts';

/**
 * Logos and gallery pictures for the demo spas, drawn as SVG from a number so
 * that 100,000 spas need no files and no network.
 */
const PALETTES = [
  ['#0f766e', '#5eead4', '#f0fdfa'],
  ['#7c2d12', '#fdba74', '#fff7ed'],
  ['#581c87', '#d8b4fe', '#faf5ff'],
  ['#14532d', '#86efac', '#f0fdf4'],
  ['#1e3a8a', '#93c5fd', '#eff6ff'],
  ['#831843', '#f9a8d4', '#fdf2f8'],
  ['#713f12', '#fde047', '#fefce8'],
];

function petals(cx: number, cy: number, r: number, n: number, fill: string, opacity: number) {
  let out = '';
  for (let i = 0; i < n; i++) {
    const a = (360 / n) * i;
    out += `<ellipse cx="${cx}" cy="${cy - r / 2}" rx="${r / 4}" ry="${r / 2}" fill="${fill}" opacity="${opacity}" transform="rotate(${a} ${cx} ${cy})"/>`;
  }
  return out;
}

export function logoSvg(n: number): string {
  const rnd = new Random(n * 2654435761);
  const [dark, light, bg] = PALETTES[n % PALETTES.length]!;
  const count = rnd.int(5, 9);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160"><rect width="160" height="160" rx="24" fill="${bg}"/>${petals(80, 84, 70, count, light!, 0.9)}${petals(80, 84, 44, count, dark!, 0.85)}<circle cx="80" cy="84" r="9" fill="${bg}"/></svg>`;
}

export function gallerySvg(n: number): string {
  const rnd = new Random(n * 40503 + 7);
  const [dark, light, bg] = PALETTES[n % PALETTES.length]!;
  const stones = Array.from({ length: rnd.int(3, 5) }, (_, i) => {
    const w = 120 - i * 18;
    return `<ellipse cx="${300 + rnd.int(-20, 20)}" cy="${330 - i * 34}" rx="${w}" ry="20" fill="${dark}" opacity="${0.9 - i * 0.12}"/>`;
  }).join('');
  const candles = Array.from({ length: rnd.int(2, 4) }, (_, i) => {
    const x = 80 + i * 70;
    return `<rect x="${x}" y="300" width="34" height="56" rx="6" fill="#fffbeb"/><ellipse cx="${x + 17}" cy="288" rx="6" ry="12" fill="#f59e0b"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400" width="600" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs><rect width="600" height="400" fill="url(#g)"/><circle cx="${rnd.int(380, 520)}" cy="${rnd.int(60, 140)}" r="${rnd.int(40, 70)}" fill="#ffffff" opacity="0.5"/>${petals(470, 300, 110, 8, dark!, 0.25)}${stones}${candles}<rect y="356" width="600" height="44" fill="${dark}" opacity="0.35"/></svg>`;
}
