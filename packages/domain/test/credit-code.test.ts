import { describe, expect, it } from 'vitest';
import { checkCreditCode, creditCodeCheckChar } from '../src/credit-code.ts';

describe('统一社会信用代码', () => {
  it.each([
    '91350100M000100Y43',
    '91110108MA019HQRX9',
    '91510113MA6739XPX2',
    '91441721MA56R6304Q',
    '91440101753491772B',
    '91330106MA2B2ABCDN',
  ])('accepts real code %s', (code) => expect(checkCreditCode(code).status).toBe('valid'));
  it.each(['91350100M0001TGQXM', '91350211M0000XUF46', '91350203M0001FUE2P'])(
    'pilot-region code %s fails the checksum only',
    (code) => expect(checkCreditCode(code).status).toBe('checksum_failed'),
  );
  it('names the expected check character', () => {
    expect(checkCreditCode('91110108MA019HQRX8')).toEqual({ status: 'checksum_failed', expectedCheck: '9' });
    expect(creditCodeCheckChar('91110108MA019HQRX')).toBe('9');
  });
  it.each(['110108123456789', '11010819900101123X', '110108199001011234AB'])(
    'older number %s is legacy or valid',
    (code) => expect(['legacy', 'checksum_failed']).toContain(checkCreditCode(code).status),
  );
  it.each(['', '123', '91110108MA019HQRI9', '9111010 MA019HQRX9', 'abc'])('rejects malformed %s', (code) =>
    expect(checkCreditCode(code).status).toBe('malformed'),
  );
});
