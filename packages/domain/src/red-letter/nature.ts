/** Goods or services, as the §6.1 02 (销货退回) / 03 (服务中止) rule reads a line. */
export type LineNature = 'goods' | 'services' | 'other';
export type InvoiceNature = 'goods' | 'services' | 'mixed';

/**
 * 税收分类编码 first digit (附件 of the code table): 1 货物, 2 劳务 (加工修理修配), 3 销售服务; 4 无形资产,
 * 5 不动产 and 6 不征税项目 are neither goods nor services for the §6.1 02/03 rule. No code → other.
 */
export function natureOf(taxCode: string | null): LineNature {
  const d = taxCode?.[0];
  if (d === '1') return 'goods';
  if (d === '2' || d === '3') return 'services';
  return 'other';
}

export function invoiceNature(lines: readonly { nature: LineNature }[]): InvoiceNature {
  if (lines.length && lines.every((l) => l.nature === 'goods')) return 'goods';
  if (lines.length && lines.every((l) => l.nature === 'services')) return 'services';
  return 'mixed';
}
