import { describe, expect, it } from 'vitest';
import {
  canTransition,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  INVOICE_TRANSITIONS,
  isTerminal,
  type InvoiceStatus,
} from '../src/index.ts';

describe('invoice state machine', () => {
  it('labels every state in Chinese', () => {
    expect(INVOICE_STATUSES).toHaveLength(9);
    expect(INVOICE_STATUS_LABELS).toMatchObject({
      draft: '草稿',
      pending_review: '待审核',
      ready: '待开具',
      issuing: '开具中',
      issued: '已开具',
      failed: '开具失败',
      partly_red: '部分红冲',
      red: '已红冲',
      void: '已作废',
    });
  });

  it.each<[InvoiceStatus, InvoiceStatus, boolean]>([
    ['draft', 'ready', true],
    ['draft', 'pending_review', true],
    ['pending_review', 'ready', true],
    ['ready', 'issuing', true],
    ['issuing', 'issued', true],
    ['issuing', 'failed', true],
    ['failed', 'issuing', true],
    ['issued', 'partly_red', true],
    ['partly_red', 'red', true],
    ['issued', 'red', true],
    ['draft', 'issued', false],
    ['ready', 'issued', false],
    ['issuing', 'ready', false],
    ['issuing', 'issuing', false],
    ['issued', 'issuing', false],
    ['issued', 'failed', false],
    ['failed', 'issued', false],
    ['red', 'issued', false],
    ['void', 'draft', false],
  ])('%s → %s: %s', (from, to, ok) => {
    expect(canTransition(from, to)).toBe(ok);
  });

  it('only red and void are terminal; every target is a known state', () => {
    expect(INVOICE_STATUSES.filter(isTerminal).sort()).toEqual(['red', 'void']);
    for (const targets of Object.values(INVOICE_TRANSITIONS))
      for (const t of targets) expect(INVOICE_STATUSES).toContain(t);
  });

  it('refuses unknown states', () => {
    expect(canTransition('nope' as InvoiceStatus, 'ready')).toBe(false);
  });
});
