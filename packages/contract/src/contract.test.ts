import { describe, expect, it } from 'vitest';
import { guestApplicationFields } from './application.ts';
import { contactPayload } from './contact.ts';
import { checkGuestResume, checkPhotoUpload, checkResumeUpload } from './files.ts';
import { messages as m } from './messages.ts';
import { normalizePhone, tenDigitPhoneInput } from './phone.ts';
import { loginPayload, profileUpdatePayload, registerForm, registerPayload } from './user.ts';

const firstError = (r: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => r.error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('registration', () => {
  const ok = {
    firstname: 'Asha',
    lastname: 'Nair',
    email: 'asha@example.in',
    phone: '9876543210',
    gender: 'Female',
    password: 'longenough',
  };
  it('accepts a valid payload and refuses every missing field with its own message', () => {
    expect(registerPayload.safeParse(ok).success).toBe(true);
    const r = registerPayload.safeParse({});
    expect(Object.fromEntries(firstError(r)!)).toEqual({
      firstname: m.firstNameRequired,
      lastname: m.lastNameRequired,
      email: m.emailRequired,
      phone: m.phoneRequired,
      gender: m.genderRequired,
      password: m.passwordRequired,
    });
  });
  it('checks e-mail shape, 10-digit phone, password length and role', () => {
    expect(firstError(registerPayload.safeParse({ ...ok, email: 'asha@' }))).toEqual([
      ['email', m.emailInvalid],
    ]);
    expect(firstError(registerPayload.safeParse({ ...ok, phone: '98765' }))).toEqual([
      ['phone', m.phoneTenDigits],
    ]);
    expect(firstError(registerPayload.safeParse({ ...ok, password: 'short' }))).toEqual([
      ['password', m.passwordMin8],
    ]);
    expect(firstError(registerPayload.safeParse({ ...ok, role: 'admin' }))).toEqual([
      ['role', m.roleNotAllowed],
    ]);
  });
  it('form: confirmation must match and terms must be accepted', () => {
    const r = registerForm.safeParse({ ...ok, confirmPassword: 'different', terms: false });
    expect(Object.fromEntries(firstError(r)!)).toEqual({
      confirmPassword: m.passwordsDoNotMatch,
      terms: m.termsRequired,
    });
  });
});

describe('login', () => {
  it('requires an identifier and a password of 6 or more', () => {
    expect(Object.fromEntries(firstError(loginPayload.safeParse({ login: '  ', password: '' }))!)).toEqual({
      login: m.loginIdentifierRequired,
      password: m.loginPasswordRequired,
    });
    expect(firstError(loginPayload.safeParse({ login: 'a@b.in', password: '12345' }))).toEqual([
      ['password', m.loginPasswordMin6],
    ]);
  });
});

describe('profile', () => {
  const ok = { firstname: 'Asha', lastname: 'Nair', email: 'asha@example.in', phone: '9876543210' };
  it('splits skills on commas, trims, drops blanks, and allows at most 10', () => {
    const r = profileUpdatePayload.parse({ ...ok, skills: ' Thai massage, ,Swedish ,  Reflexology,' });
    expect(r.skills).toEqual(['Thai massage', 'Swedish', 'Reflexology']);
    const eleven = Array.from({ length: 11 }, (_, i) => `skill ${i}`).join(',');
    expect(firstError(profileUpdatePayload.safeParse({ ...ok, skills: eleven }))).toEqual([
      ['skills', m.skillsMax],
    ]);
  });
  it('refuses a date of birth in the future and a gender other than Male or Female', () => {
    expect(firstError(profileUpdatePayload.safeParse({ ...ok, dob: '2999-01-01' }))).toEqual([
      ['dob', m.dobInFuture],
    ]);
    expect(profileUpdatePayload.safeParse({ ...ok, gender: 'Other' }).success).toBe(false);
    expect(profileUpdatePayload.parse({ ...ok, gender: '', dob: '' })).toMatchObject({
      gender: null,
      dob: null,
    });
  });
});

describe('guest application and contact', () => {
  it('guest: name after trimming, e-mail shape, phone of 7 to 15 digits when given', () => {
    const ok = { job: '12', name: 'Ravi', email: 'ravi@example.in' };
    expect(guestApplicationFields.parse({ ...ok, phone: '+91 98765-43210' }).phone).toBe('9876543210');
    expect(guestApplicationFields.parse({ ...ok, phone: '+44 20 7946 0958' }).phone).toBe('442079460958');
    expect(firstError(guestApplicationFields.safeParse({ ...ok, name: '   ' }))).toEqual([
      ['name', m.guestNameRequired],
    ]);
    expect(firstError(guestApplicationFields.safeParse({ ...ok, email: 'ravi' }))).toEqual([
      ['email', m.emailInvalid],
    ]);
    expect(firstError(guestApplicationFields.safeParse({ ...ok, phone: '12345' }))).toEqual([
      ['phone', m.guestPhoneInvalid],
    ]);
    expect(firstError(guestApplicationFields.safeParse({ ...ok, job: '' }))).toEqual([
      ['job', m.guestJobIdMissing],
    ]);
  });
  it('guest: an e-mail or a phone, at least one', () => {
    const base = { job: '12', name: 'Ravi' };
    expect(guestApplicationFields.parse({ ...base, phone: '098765 43210' })).toMatchObject({
      email: null,
      phone: '9876543210',
    });
    expect(guestApplicationFields.parse({ ...base, email: ' Ravi@Example.in ', phone: '' })).toMatchObject({
      email: 'ravi@example.in',
      phone: null,
    });
    expect(firstError(guestApplicationFields.safeParse({ ...base, email: '', phone: ' ' }))).toEqual([
      ['email', m.guestContactRequired],
    ]);
  });
  it('contact: name, e-mail, subject and message are required', () => {
    const r = contactPayload.safeParse({ name: '', email: '', message: '' });
    expect(Object.keys(Object.fromEntries(firstError(r)!)).sort()).toEqual([
      'email',
      'message',
      'name',
      'subject',
    ]);
  });
});

describe('file checks in the browser', () => {
  const MB5 = 5 * 1024 * 1024;
  it('resume by mime type or extension, at most 5MB', () => {
    expect(checkGuestResume({ name: 'cv.pdf', type: '', size: 10 })).toBeNull();
    expect(checkGuestResume({ name: 'cv', type: 'application/msword', size: 10 })).toBeNull();
    expect(checkGuestResume({ name: 'cv.exe', type: 'application/x-msdownload', size: 10 })).toBe(
      m.guestResumeType,
    );
    expect(checkGuestResume({ name: 'cv.pdf', type: 'application/pdf', size: MB5 + 1 })).toBe(
      m.guestResumeSize,
    );
    expect(checkResumeUpload(null)).toBe(m.resumeMissing);
    expect(checkResumeUpload({ name: 'a.png', type: 'image/png', size: 1 })).toBe(m.resumeType);
  });
  it('photo: JPEG or PNG, at most 5MB, and one must be chosen', () => {
    expect(checkPhotoUpload(undefined)).toBe(m.photoMissing);
    expect(checkPhotoUpload({ name: 'a.gif', type: 'image/gif', size: 1 })).toBe(m.photoType);
    expect(checkPhotoUpload({ name: 'a.jpg', type: 'image/jpeg', size: MB5 + 1 })).toBe(m.fileTooLarge);
    expect(checkPhotoUpload({ name: 'a.png', type: 'image/png', size: MB5 })).toBeNull();
  });
});

describe('phone numbers', () => {
  it('normalizes every usual written form of an Indian number to the 10-digit national number', () => {
    for (const written of [
      '9820055555',
      '98200 55555',
      '+91 98200 55555',
      '+91-98200-55555',
      '91 9820055555',
      '919820055555',
      '098200 55555',
      '(0) 98200-55555',
      '0091 98200 55555',
      '+91 (982) 005-5555',
      '98.200.55555',
    ]) {
      expect(normalizePhone(written), written).toBe('9820055555');
    }
    // A 10-digit number that starts with 91 or 0 is kept as it is.
    expect(normalizePhone('9198200555')).toBe('9198200555');
    expect(normalizePhone('0123456789')).toBe('0123456789');
    expect(normalizePhone('98200abc55')).toBeNull();
  });

  it('the 10-digit field keeps the national number whether it is pasted or typed key by key', () => {
    expect(tenDigitPhoneInput('+91 98200 55555')).toBe('9820055555');
    expect(tenDigitPhoneInput('098200-55555')).toBe('9820055555');
    let typed = '';
    for (const key of '+91 98200 55555') typed = tenDigitPhoneInput(typed + key);
    expect(typed).toBe('9820055555');
    typed = '';
    for (const key of '098200 55555') typed = tenDigitPhoneInput(typed + key);
    expect(typed).toBe('9820055555');
    expect(tenDigitPhoneInput('98200555551234')).toBe('9820055555');
  });

  it('registration and profile accept any written form and answer 10 digits', () => {
    const ok = {
      firstname: 'Asha',
      lastname: 'Nair',
      email: 'asha@example.in',
      gender: 'Female',
      password: 'longenough',
    };
    expect(registerPayload.parse({ ...ok, phone: '+91 98200 55555' }).phone).toBe('9820055555');
    expect(profileUpdatePayload.parse({ ...ok, phone: '0 98200-55555' }).phone).toBe('9820055555');
    expect(firstError(registerPayload.safeParse({ ...ok, phone: '+91 98200 5555' }))).toEqual([
      ['phone', m.phoneTenDigits],
    ]);
  });

  it('contact form: optional phone, checked and normalized like a guest phone', () => {
    const ok = { name: 'Ravi', email: 'ravi@example.in', subject: 'jobs', message: 'Hello' };
    expect(contactPayload.parse({ ...ok, phone: '+91 98200 55555' }).phone).toBe('9820055555');
    expect(contactPayload.parse({ ...ok, phone: '' }).phone).toBeNull();
    expect(firstError(contactPayload.safeParse({ ...ok, phone: '12' }))).toEqual([
      ['phone', m.guestPhoneInvalid],
    ]);
  });
});
