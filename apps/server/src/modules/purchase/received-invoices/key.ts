/** One received invoice's key: the 数电 number, or `<发票代码>-<发票号码>` of a legacy invoice. */
export function receivedInvoiceKey(inv: { code?: string | null; number: string }): string {
  const code = inv.code?.trim();
  return code ? `${code}-${inv.number.trim()}` : inv.number.trim();
}

/** 属期 yyyyMM of a yyyy-MM-dd date. */
export const periodOf = (issueDate: string) => issueDate.slice(0, 4) + issueDate.slice(5, 7);
