import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import rule from './no-literal-text.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run('no-literal-text', rule, {
  valid: [
    'const a = <p>{t.jobs.applyNow}</p>;',
    'const a = <p>{format(t.jobs.count, { count })}</p>;',
    'const a = <span aria-hidden="true"> / </span>;',
    'const a = <p>{n} · ₹{amount} *</p>;',
    'const a = <img alt={t.spas.detail.logoAlt} src="/a.png" />;',
    'const a = <a href="/jobs" className="text-sm font-bold" data-testid="stat-jobs">{label}</a>;',
    'const a = <input type="search" name="q" autoComplete="off" />;',
  ],
  invalid: [
    { code: 'const a = <h1>Admin</h1>;', errors: [{ messageId: 'literal' }] },
    { code: 'const a = <p>नमस्ते</p>;', errors: [{ messageId: 'literal' }] },
    { code: "const a = <p>{'Save'}</p>;", errors: [{ messageId: 'literal' }] },
    { code: 'const a = <p>{`Page ${n}`}</p>;', errors: [{ messageId: 'literal' }] },
    { code: "const a = <p>{ok ? 'Enable' : t.x}</p>;", errors: [{ messageId: 'literal' }] },
    { code: 'const a = <img alt="Logo" />;', errors: [{ messageId: 'literal' }] },
    { code: 'const a = <button aria-label="Close menu" />;', errors: [{ messageId: 'literal' }] },
    { code: 'const a = <Field label="Note to the employer" />;', errors: [{ messageId: 'literal' }] },
    { code: "const a = <Panel title={'Could not load.'} />;", errors: [{ messageId: 'literal' }] },
  ],
});
