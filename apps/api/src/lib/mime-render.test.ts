import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { digestMail, type DigestJob } from './alert-mail.ts';
import { messageBoundary, normalizeHeaderKey, renderMessage } from './mime-render.mjs';

const require = createRequire(import.meta.url);
const MailComposer = require('nodemailer/lib/mail-composer') as new (mail: object) => {
  compile(): { build(): Promise<Buffer> };
};

/**
 * The mail threads write each message in one synchronous pass over
 * nodemailer's tree (mime-render.mjs): the bytes must be exactly those of
 * nodemailer's own streaming `build()`, whatever the message holds.
 */

const site = {
  brandName: 'Spa Jobs',
  publicBaseUrl: 'https://spajobs.example',
  unsubscribeMailto: 'unsubscribe@spajobs.example',
};
const jobs: DigestJob[] = Array.from({ length: 10 }, (_, i) => ({
  id: 100_000 + i,
  title: i % 2 ? `Senior Spa Therapist ${i}` : `आयुर्वेद थेरेपिस्ट ${i}`,
  spaName: 'Lotus Wellness & Spa <Pune>',
  city: 'Pune',
  location: 'Koregaon Park, Pune',
  salary: '₹25,000 – ₹35,000 a month',
}));

function digest(language: 'en' | 'hi') {
  return digestMail({
    alertId: 7,
    to: 'candidate@example.com',
    query: { q: 'massage', city: 'Pune', salaryMin: 20_000 },
    language,
    frequency: 'weekly',
    jobs,
    total: 42,
    unsubscribeToken: 'a'.repeat(80),
    messageKey: '7-1700000000000',
    site,
  });
}

const date = new Date('2026-11-27T08:00:00Z');
const messages: [string, object][] = [
  ['an English digest, quoted-printable', { ...digest('en'), textEncoding: 'quoted-printable' }],
  ['a Hindi digest, base64', { ...digest('hi'), textEncoding: 'base64' }],
  ['a digest with the encoding left to nodemailer', digest('hi')],
  [
    'text only, long lines, trailing spaces, CRLF and a lone CR',
    {
      to: 'a@example.com',
      subject: 'x'.repeat(200),
      text: `${'word '.repeat(60)}\r\nend of line   \n\ttab\rcr\n${'€'.repeat(100)}`,
      textEncoding: 'quoted-printable',
    },
  ],
  ['HTML only, as bytes', { to: 'a@example.com', html: Buffer.from('<p>नमस्ते</p>'.repeat(50)) }],
  ['an empty text', { to: 'a@example.com', subject: 'Empty', text: '' }],
  [
    'a text attachment as a string',
    {
      to: 'a@example.com',
      text: 'See attached.',
      attachments: [{ filename: 'notes.txt', content: 'line one\nline two\n' }],
    },
  ],
];

describe('messages written in one pass', () => {
  it.each(messages)('%s: the same bytes as nodemailer’s build, without its streams', async (_name, mail) => {
    const node = new MailComposer({
      from: 'Spa Jobs <alerts@spajobs.example>',
      date,
      messageId: '<fixed@spajobs.example>',
      ...mail,
    }).compile();
    const expected = await node.build();
    node.build = () => Promise.reject(new Error('streamed'));
    const raw = await renderMessage(node);
    expect(raw.toString('latin1')).toBe(expected.toString('latin1'));
    expect(raw.equals(expected)).toBe(true);
  });

  it('leaves a message with a stream in it to nodemailer’s build', async () => {
    const node = new MailComposer({
      from: 'alerts@spajobs.example',
      to: 'a@example.com',
      date,
      messageId: '<fixed@spajobs.example>',
      text: 'See attached.',
      attachments: [{ filename: 'a.txt', content: Readable.from([Buffer.from('streamed part')]) }],
    }).compile();
    const raw = await renderMessage(node);
    expect(raw.toString()).toContain(Buffer.from('streamed part').toString('base64'));
    expect(raw.toString()).toMatch(/\r\n$/);
  });
});

describe('what a mail thread keeps from one message to the next', () => {
  it('gives every message boundaries of its own, and the message reads back whole', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1_000; i++) seen.add(messageBoundary());
    expect(seen.size).toBe(1_000);
    const mail = digest('hi');
    const bases = [messageBoundary(), messageBoundary()];
    const raws = await Promise.all(
      bases.map((baseBoundary) =>
        renderMessage(new MailComposer({ from: 'alerts@spajobs.example', baseBoundary, ...mail }).compile()),
      ),
    );
    for (const [i, raw] of raws.entries()) {
      expect(raw.toString()).toContain(`boundary="--_NmP-${bases[i]}-Part_1"`);
      const parsed = await simpleParser(raw);
      expect(parsed.text?.trim()).toBe(mail.text.trim());
      expect(parsed.html).toBe(mail.html);
      expect(raw.toString()).toContain('\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n');
    }
    expect(raws[0]!.toString()).not.toContain(bases[1]);
  });

  it('names headers as nodemailer does, the first time and every time after', () => {
    const MimeNode = require('nodemailer/lib/mime-node') as new () => {
      _normalizeHeaderKey(k: unknown): string;
    };
    const node = new MimeNode();
    const keys = [
      'list-unsubscribe',
      'List-Unsubscribe-Post',
      'x-alert-id',
      'MIME-VERSION',
      'content-features',
      'message-id',
      'x-smtpapi',
      'dkim-signature',
      'otp-token',
      'From: ceo@example.com (',
      'x\u0000y',
      '',
    ];
    for (const round of [1, 2])
      for (const key of keys)
        expect([round, node._normalizeHeaderKey(key)]).toEqual([round, normalizeHeaderKey(key)]);
    expect(node._normalizeHeaderKey('list-unsubscribe-post')).toBe('List-Unsubscribe-Post');
    expect(node._normalizeHeaderKey('message-id')).toBe('Message-ID');
  });
});
