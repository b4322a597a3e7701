import { minExperienceYears, minMonthlySalary } from '@spajobs/contract/job-numbers';

/**
 * The number columns every writer of a job sets beside its texts, so that the
 * salary and experience filters and the best-paid order see every job.
 */
export function jobNumbers(salary: string, experience: string) {
  return { salary_min: minMonthlySalary(salary), experience_min: minExperienceYears(experience) };
}
