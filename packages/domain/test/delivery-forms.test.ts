import { describe, expect, it } from 'vitest';
import { mergeMaskedSecrets, SECRET_MASK, smtpSecureForPort } from '../src/index.ts';

const SMTP = { pass: ['host', 'port', 'user'] } as const;
const stored = { host: 'smtp.example.com', port: 465, user: 'a@example.com', pass: 'real' };

describe('mergeMaskedSecrets', () => {
  it('keeps the stored secret while its destination is the same (case and blanks aside)', () => {
    for (const pass of [SECRET_MASK, '', undefined, null]) {
      const r = mergeMaskedSecrets({ ...stored, host: ' SMTP.Example.com ', pass }, stored, SMTP);
      expect(r).toMatchObject({ destinationChanged: null, missing: [] });
      expect(r.config.pass).toBe('real');
    }
  });

  it.each([
    ['host', { host: 'evil.example.net' }],
    ['port', { port: 25 }],
    ['user', { user: 'b@example.com' }],
  ])('refuses to keep it when the %s changed', (field, change) => {
    const r = mergeMaskedSecrets({ ...stored, ...change, pass: SECRET_MASK }, stored, SMTP);
    expect(r.destinationChanged).toEqual({ secret: 'pass', fields: [field] });
    expect(r.config.pass).toBe('');
  });

  it('takes a newly typed secret whatever changed, and has nothing to keep without a stored one', () => {
    const typed = mergeMaskedSecrets({ ...stored, host: 'other.example.com', pass: 'new' }, stored, SMTP);
    expect(typed).toMatchObject({ destinationChanged: null, config: { pass: 'new' } });
    const none = mergeMaskedSecrets({ ...stored, pass: SECRET_MASK }, null, SMTP);
    expect(none).toMatchObject({ destinationChanged: null, missing: ['pass'], config: { pass: '' } });
  });
});

describe('smtpSecureForPort', () => {
  it.each([
    [465, true],
    ['465', true],
    [25, false],
    [587, false],
    [2525, null],
    [undefined, null],
  ])('port %s → %s', (port, secure) => {
    expect(smtpSecureForPort(port)).toBe(secure);
  });
});
