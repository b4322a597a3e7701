import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { guestApplicationFormData, guestApplyErrorMessage } from './apply-as-guest';

const err = (status: number, body?: object) => new ApiError('x', status, body);

describe('guest application', () => {
  it('sends the parts the API reads, phone and resume only when given', () => {
    const resume = new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' });
    const full = guestApplicationFormData({
      job: '12',
      name: 'Asha',
      email: 'asha@example.com',
      phone: '98765 43210',
      resume,
    });
    expect(full.get('job')).toBe('12');
    expect(full.get('guestInfo[name]')).toBe('Asha');
    expect(full.get('guestInfo[email]')).toBe('asha@example.com');
    expect(full.get('guestInfo[phone]')).toBe('98765 43210');
    expect((full.get('resume') as File).name).toBe('cv.pdf');

    const bare = guestApplicationFormData({
      job: '12',
      name: 'Asha',
      email: 'a@b.co',
      phone: null,
      resume: null,
    });
    expect(bare.has('guestInfo[phone]')).toBe(false);
    expect(bare.has('resume')).toBe(false);
  });

  it('explains each refusal with the spec’s messages', () => {
    expect(guestApplyErrorMessage(err(400, { message: 'Please enter your full name' }))).toBe(
      'Please enter your full name',
    );
    expect(guestApplyErrorMessage(err(400))).toBe('Please check your form data and try again.');
    expect(guestApplyErrorMessage(err(404, { message: 'Job not found.' }))).toBe(
      'Job not found. Please refresh the page and try again.',
    );
    expect(guestApplyErrorMessage(err(409, { message: 'Conflict' }))).toBe(
      'You have applied for this job already. Wait for 15 days.',
    );
    expect(guestApplyErrorMessage(err(413))).toBe(
      'File too large. Please reduce the file size and try again.',
    );
    expect(guestApplyErrorMessage(err(500, { message: 'boom' }))).toBe(
      'Server error. Please try again later.',
    );
    expect(guestApplyErrorMessage(err(503))).toBe('Server error. Please try again later.');
    expect(guestApplyErrorMessage(new ApiError('offline', 0, undefined, true))).toBe(
      'Network error. Please check your connection and try again.',
    );
    expect(
      guestApplyErrorMessage(err(429, { message: 'Too many requests. Please wait a moment and try again.' })),
    ).toBe('Too many requests. Please wait a moment and try again.');
    expect(guestApplyErrorMessage(err(418))).toBe(
      'Unable to submit your application. Please try again later.',
    );
  });
});
