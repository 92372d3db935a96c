import { describe, expect, it } from 'vitest';
import {
  ANSWERED_STATUSES,
  HAS_FILES_STATUSES,
  INVOICE_STATUSES,
  ISSUED_STATUSES,
  isAnsweredStatus,
  isIssuedStatus,
  isRedFlushableStatus,
  hasFilesStatus,
  RED_FLUSHABLE_STATUSES,
} from '../src/index.ts';

describe('named invoice status sets', () => {
  it.each([
    ['draft', false, false, false, false],
    ['pending_review', false, false, false, false],
    ['ready', false, false, false, false],
    ['issuing', false, false, false, false],
    ['failed', false, false, false, true],
    ['issued', true, true, true, true],
    ['partly_red', true, true, true, true],
    ['red', true, true, false, true],
    ['void', false, true, false, true],
  ])(
    '%s: issued %s, has files %s, red-flushable %s, answered %s',
    (s, issued, files, flushable, answered) => {
      expect(isIssuedStatus(s)).toBe(issued);
      expect(hasFilesStatus(s)).toBe(files);
      expect(isRedFlushableStatus(s)).toBe(flushable);
      expect(isAnsweredStatus(s)).toBe(answered);
    },
  );

  it('every set holds real states only, and unknown or missing states belong to none', () => {
    for (const set of [ISSUED_STATUSES, HAS_FILES_STATUSES, RED_FLUSHABLE_STATUSES, ANSWERED_STATUSES])
      for (const s of set) expect(INVOICE_STATUSES).toContain(s);
    for (const s of ['', 'ISSUED', null, undefined]) {
      expect(isIssuedStatus(s)).toBe(false);
      expect(hasFilesStatus(s)).toBe(false);
    }
  });
});
