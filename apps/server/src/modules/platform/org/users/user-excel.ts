import type { UserRow } from '@fpy/contracts';
import ExcelJS from 'exceljs';
import type { ExcelColumn } from '../../../../lib/excel.ts';

const shanghai = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
/** Spec §9 format, in China time whatever the server's zone. */
const fmt = (iso: string | null) => (iso ? shanghai.format(new Date(iso)) : '');

export const EXPORT_COLUMNS: ExcelColumn<UserRow>[] = [
  { key: 'username', header: '用户名' },
  { key: 'name', header: '姓名' },
  { key: 'tenantName', header: '所属企业', width: 28 },
  { key: 'phone', header: '手机号', width: 14 },
  { key: 'email', header: '邮箱', width: 26 },
  { key: 'departmentName', header: '部门' },
  { key: 'positionName', header: '岗位' },
  { key: 'groups', header: '用户组', width: 24, value: (r) => r.groups.map((g) => g.name).join('、') },
  { key: 'status', header: '状态', width: 8, value: (r) => (r.status === 1 ? '启用' : '停用') },
  { key: 'locked', header: '锁定', width: 8, value: (r) => (r.locked ? '是' : '否') },
  { key: 'lastLoginAt', header: '最后登录时间', width: 20, value: (r) => fmt(r.lastLoginAt) },
  { key: 'createdAt', header: '创建时间', width: 20, value: (r) => fmt(r.createdAt) },
];

/** Import columns: the template's header row; readWorkbook finds them by this text. */
export const IMPORT_COLUMNS: ExcelColumn<Record<string, string>>[] = [
  { key: 'username', header: '用户名' },
  { key: 'name', header: '姓名' },
  { key: 'password', header: '初始密码' },
  { key: 'phone', header: '手机号', width: 14 },
  { key: 'email', header: '邮箱', width: 26 },
  { key: 'department', header: '部门', width: 24 },
  { key: 'position', header: '岗位' },
  { key: 'groups', header: '用户组', width: 24 },
];

export const IMPORT_LABELS: Record<string, string> = Object.fromEntries(
  IMPORT_COLUMNS.map((c) => [c.key, c.header]),
);

const NOTES = [
  '用户名、姓名、初始密码必填；用户名为3-32位字母、数字或 _ . @ -，全平台唯一。',
  '初始密码至少8位，须同时包含字母和数字；用户首次登录时须修改密码。',
  '手机号为11位中国大陆手机号；手机号、邮箱可留空。',
  '部门填写部门名称；有重名时写完整路径，如：技术部/前端组。',
  '岗位填写岗位名称或编码；用户组填写名称或编码，多个用“、”或英文逗号分隔。',
  '逐行导入：有错误的行不会写入，其余行照常导入，导入后可查看错误明细。',
];

/** The template: the header row on the first sheet, the rules on a second one. */
export async function importTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  ws.columns = IMPORT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  ws.getRow(1).font = { bold: true };
  // Text format: leading zeros and long digit strings (phones) stay as typed.
  for (let i = 1; i <= IMPORT_COLUMNS.length; i++) ws.getColumn(i).numFmt = '@';
  const notes = wb.addWorksheet('填写说明');
  notes.getColumn(1).width = 90;
  for (const line of NOTES) notes.addRow([line]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
