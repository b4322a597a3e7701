import { describe, expect, it } from 'vitest';
import { minExperienceYears, minMonthlySalary } from './job-numbers.ts';

describe('minMonthlySalary', () => {
  it('reads the lowest monthly amount in rupees from the ways salaries are written', () => {
    const cases: [string | null, number | null][] = [
      ['₹20,000 - ₹30,000 per month', 20_000],
      ['₹1,00,000 - ₹1,20,000 per month', 100_000],
      ['15000-18000', 15_000],
      ['Rs. 25k to 35k', 25_000],
      ['₹3,00,000 per year', 25_000],
      ['2.4 LPA', 20_000],
      ['₹800 per day', 20_800],
      ['As per experience', null],
      ['', null],
      [null, null],
      ['₹5', null],
    ];
    for (const [text, value] of cases) expect(minMonthlySalary(text), String(text)).toBe(value);
  });
});

describe('minExperienceYears', () => {
  it('reads the fewest years asked for', () => {
    const cases: [string, number | null][] = [
      ['Fresher', 0],
      ['0-1 years', 0],
      ['1-3 years', 1],
      ['3-5 years', 3],
      ['5+ years', 5],
      ['6 months', 0],
      ['Experienced', null],
    ];
    for (const [text, value] of cases) expect(minExperienceYears(text), text).toBe(value);
  });
});
