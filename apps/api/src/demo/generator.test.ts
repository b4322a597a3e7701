import { describe, expect, it } from 'vitest';
import { generateSpas, makeJobs, withArticle } from './generator.ts';
import { Random } from './random.ts';

describe('generated texts', () => {
  it('put "an" before a vowel and "a" before a consonant', () => {
    expect(withArticle('assistant spa manager')).toBe('an assistant spa manager');
    expect(withArticle('ayurveda therapist')).toBe('an ayurveda therapist');
    expect(withArticle('therapist')).toBe('a therapist');
  });

  it('never write "a" before a vowel in a job description', () => {
    const rnd = new Random(3);
    let checked = 0;
    for (const { spa } of generateSpas({ spas: 40, jobs: 0, seed: 3, now: 0 })) {
      for (const job of makeJobs(rnd, 1, spa, 10, 0, 'x')) {
        expect(job.description).not.toMatch(/\ba [aeiouAEIOU]/);
        checked++;
      }
    }
    expect(checked).toBe(400);
  });
});
