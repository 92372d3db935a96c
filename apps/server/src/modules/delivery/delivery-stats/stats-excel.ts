import type { DeliveryFigures, DeliveryStatsReply } from '@fpy/contracts';
import { DELIVERY_STATUS_NAMES } from '@fpy/domain';
import ExcelJS from 'exceljs';

type Col = { header: string; key: keyof DeliveryFigures; width: number };

// The states' words are the catalogue's (@fpy/domain DELIVERY_STATUS_NAMES), as on every page.
const figureColumns = (sms: boolean): Col[] => [
  { header: '发送总数', key: 'total', width: 12 },
  { header: DELIVERY_STATUS_NAMES.accepted.zh, key: 'sent', width: 14 },
  { header: DELIVERY_STATUS_NAMES.delivered.zh, key: 'delivered', width: 10 },
  { header: '失败', key: 'failed', width: 10 },
  { header: DELIVERY_STATUS_NAMES.skipped.zh, key: 'skipped', width: 10 },
  ...(sms ? [{ header: '计费条数', key: 'units' as const, width: 12 }] : []),
];

const NO_PROVIDER = '未调用服务商';

/**
 * Two sheets as the page shows them: 每日 (every day of the range) and 按服务商 / 按企业, each with a 合计 row.
 * Figures are plain numbers so finance can sum and chart them.
 */
export async function statsWorkbook(stats: DeliveryStatsReply): Promise<Buffer> {
  const sms = stats.channel === 'sms';
  const cols = figureColumns(sms);
  const wb = new ExcelJS.Workbook();

  const daily = wb.addWorksheet('每日');
  daily.columns = [{ header: '日期', key: 'day', width: 14 }, ...cols];
  for (const d of stats.days) daily.addRow(d);
  daily.addRow({ day: '合计', ...stats.totals });

  const byProvider = stats.groupBy === 'provider';
  const grouped = wb.addWorksheet(byProvider ? '按服务商' : '按企业');
  grouped.columns = [{ header: byProvider ? '服务商' : '企业名称', key: 'label', width: 32 }, ...cols];
  for (const r of stats.rows) grouped.addRow({ ...r, label: r.key === 'none' ? NO_PROVIDER : r.label });
  grouped.addRow({ label: '合计', ...stats.totals });

  for (const ws of [daily, grouped]) {
    ws.getRow(1).font = { bold: true };
    ws.getRow(ws.rowCount).font = { bold: true };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const CHANNEL = { sms: '短信', email: '邮件' };

/** 短信统计_按服务商_2024-05-01至2024-05-30.xlsx */
export const statsFileName = (s: DeliveryStatsReply) =>
  `${CHANNEL[s.channel]}统计_${s.groupBy === 'provider' ? '按服务商' : '按企业'}_${s.dateFrom}至${s.dateTo}.xlsx`;
