import { describe, expect, it } from 'vitest';
import { contributeInvoiceActions, invoiceActionContributions } from './actions-slot.ts';

describe('invoice action slot', () => {
  it('keeps contributions in registration order, one per key', () => {
    const before = invoiceActionContributions().length;
    contributeInvoiceActions({ key: 'probe-a' });
    contributeInvoiceActions({ key: 'probe-b', sections: () => [] });
    contributeInvoiceActions({ key: 'probe-a', sections: () => [] });
    const added = invoiceActionContributions().slice(before);
    expect(added.map((c) => c.key)).toEqual(['probe-a', 'probe-b']);
    expect(added[0].sections).toBeUndefined();
  });
});
