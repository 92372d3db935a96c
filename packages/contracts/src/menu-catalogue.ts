/**
 * The menus and buttons the product ships, declared once. The server seeds them (inserting codes that are
 * missing, never overwriting an administrator's edits), route permission codes must appear here (a test
 * checks), and the web app's generated routes match these codes.
 * Menu codes are the path segments of spec §2.12; element codes are `<menuCode>:btn_<action>`.
 * Only menus whose pages really work belong here; each later issue adds its own.
 */
export interface ElementDef {
  action: string;
  zh: string;
  en: string;
}
export interface MenuDef {
  code: string;
  zh: string;
  en: string;
  icon?: string;
  /** platform: only platform accounts may hold it (never granted to a tenant group). */
  scope?: 'tenant' | 'platform';
  hidden?: boolean;
  elements?: ElementDef[];
  children?: MenuDef[];
}

const crud = (zhNoun = ''): ElementDef[] => [
  { action: 'add', zh: `新增${zhNoun}`, en: 'Add' },
  { action: 'edit', zh: `编辑${zhNoun}`, en: 'Edit' },
  { action: 'del', zh: `删除${zhNoun}`, en: 'Delete' },
];

export const menuCatalogue: MenuDef[] = [
  {
    code: 'orgManager',
    zh: '组织管理',
    en: 'Organisation',
    icon: 'TeamOutlined',
    children: [
      {
        code: 'userManager',
        zh: '用户管理',
        en: 'Users',
        icon: 'UserOutlined',
        elements: [
          ...crud('用户'),
          { action: 'disable', zh: '停用/启用', en: 'Disable / enable' },
          { action: 'unlock', zh: '解锁', en: 'Unlock' },
          { action: 'resetPwd', zh: '重置密码', en: 'Reset password' },
          { action: 'assign', zh: '分配用户组', en: 'Assign groups' },
          { action: 'import', zh: '导入', en: 'Import' },
          { action: 'export', zh: '导出', en: 'Export' },
        ],
      },
      {
        code: 'groupManager',
        zh: '用户组管理',
        en: 'Groups',
        icon: 'SafetyCertificateOutlined',
        elements: [
          ...crud('用户组'),
          { action: 'grant', zh: '分配权限', en: 'Grant permissions' },
          { action: 'member', zh: '管理成员', en: 'Members' },
        ],
      },
      {
        code: 'departManager',
        zh: '部门管理',
        en: 'Departments',
        icon: 'ApartmentOutlined',
        elements: crud('部门'),
      },
      {
        code: 'positionManager',
        zh: '岗位管理',
        en: 'Positions',
        icon: 'IdcardOutlined',
        elements: [...crud('岗位'), { action: 'export', zh: '导出', en: 'Export' }],
      },
    ],
  },
  {
    code: 'baseManager',
    zh: '基础配置管理',
    en: 'Base settings',
    icon: 'SettingOutlined',
    children: [
      {
        code: 'menuManager',
        zh: '菜单管理',
        en: 'Menus',
        icon: 'MenuOutlined',
        scope: 'platform',
        elements: [...crud('菜单'), { action: 'element', zh: '管理按钮', en: 'Manage buttons' }],
      },
      {
        code: 'tenantManager',
        zh: '租户管理',
        en: 'Tenants',
        icon: 'BankOutlined',
        scope: 'platform',
        elements: [
          { action: 'add', zh: '新增租户', en: 'Add' },
          { action: 'edit', zh: '编辑租户', en: 'Edit' },
          { action: 'suspend', zh: '停用/启用', en: 'Suspend / resume' },
        ],
      },
      {
        code: 'dictManager',
        zh: '数据字典',
        en: 'Dictionaries',
        icon: 'BookOutlined',
        scope: 'platform',
        elements: [...crud('字典'), { action: 'export', zh: '导出', en: 'Export' }],
      },
      {
        code: 'gateLogManager',
        zh: '网关日志',
        en: 'Gate log',
        icon: 'FileSearchOutlined',
        elements: [{ action: 'export', zh: '导出', en: 'Export' }],
      },
      {
        code: 'outboxManager',
        zh: '消息发件箱',
        en: 'Outbox',
        icon: 'MailOutlined',
        scope: 'platform',
      },
    ],
  },
  {
    code: 'outputInvoiceManager',
    zh: '销项发票管理',
    en: 'Sales invoices',
    icon: 'FileTextOutlined',
    children: [
      // Issue 4: the issuing pages. Spec §4 hides invoiceOpener for invoiceMethod 0 and the preopen trio for 1.
      {
        code: 'invoiceOpener',
        zh: '发票开具',
        en: 'Issue invoice',
        icon: 'FileDoneOutlined',
        elements: [
          { action: 'issue', zh: '开具', en: 'Issue' },
          { action: 'draft', zh: '保存草稿', en: 'Save draft' },
        ],
      },
      {
        code: 'preopenApplication',
        zh: '预开申请',
        en: 'Pre-issue application',
        icon: 'FileTextOutlined',
        elements: [
          { action: 'apply', zh: '提交申请', en: 'Apply' },
          { action: 'draft', zh: '保存草稿', en: 'Save draft' },
        ],
      },
      {
        code: 'preopenAuditManager',
        zh: '预开审核',
        en: 'Pre-issue review',
        icon: 'AuditOutlined',
        elements: [
          { action: 'approve', zh: '审核通过', en: 'Approve' },
          { action: 'reject', zh: '驳回', en: 'Reject' },
        ],
      },
      {
        code: 'preopenRecordManager',
        zh: '预开记录',
        en: 'Pre-issue records',
        icon: 'ProfileOutlined',
      },
      {
        code: 'stayOpenInvoice',
        zh: '待开发票',
        en: 'Drafts',
        icon: 'ScheduleOutlined',
        elements: [
          { action: 'edit', zh: '编辑', en: 'Edit' },
          { action: 'issue', zh: '提交开具', en: 'Submit' },
          { action: 'discard', zh: '作废草稿', en: 'Discard' },
        ],
      },
      {
        code: 'stayOpenList',
        zh: '开具队列',
        en: 'Issuing queue',
        icon: 'TransactionOutlined',
        elements: [
          { action: 'retry', zh: '重新开具', en: 'Retry' },
          { action: 'discard', zh: '放弃开具', en: 'Abandon' },
        ],
      },
      {
        code: 'batchInvoice',
        zh: '批量开具',
        en: 'Batch issue',
        icon: 'DatabaseOutlined',
        elements: [
          { action: 'upload', zh: '上传', en: 'Upload' },
          { action: 'issue', zh: '开具', en: 'Issue' },
        ],
      },
      {
        code: 'salesInvoiceQuery',
        zh: '销项发票查询',
        en: 'Sales invoice query',
        icon: 'FileSearchOutlined',
        elements: [
          { action: 'export', zh: '导出', en: 'Export' },
          { action: 'download', zh: '下载版式文件', en: 'Download files' },
          { action: 'retry', zh: '重新开具', en: 'Retry' },
          { action: 'red', zh: '红冲', en: 'Red-flush' },
          { action: 'void', zh: '作废', en: 'Void' },
        ],
      },
      {
        code: 'invoiceFill',
        zh: '红字信息表填开',
        en: 'Red-letter application',
        icon: 'AccountBookOutlined',
        elements: [
          { action: 'apply', zh: '提交确认单', en: 'Submit form' },
          { action: 'quickRed', zh: '快捷红冲', en: 'Quick full red' },
        ],
      },
      {
        code: 'invoiceDetails',
        zh: '红字信息表查询',
        en: 'Red-letter forms',
        icon: 'BookOutlined',
        elements: [
          { action: 'confirm', zh: '确认', en: 'Confirm' },
          { action: 'refuse', zh: '拒绝', en: 'Refuse' },
          { action: 'revoke', zh: '撤销', en: 'Revoke' },
          { action: 'issueRed', zh: '开具红票', en: 'Issue red invoice' },
        ],
      },
      {
        code: 'invoicePrint',
        zh: '发票打印',
        en: 'Print invoices',
        icon: 'PrinterOutlined',
        elements: [{ action: 'print', zh: '打印', en: 'Print' }],
      },
      {
        code: 'printSetup',
        zh: '打印设置',
        en: 'Print setup',
        icon: 'ControlOutlined',
        elements: crud('打印机'),
      },
      {
        code: 'openerSetup',
        zh: '开票人设置',
        en: 'Drawers & seal',
        icon: 'IdcardOutlined',
        elements: [...crud('开票人'), { action: 'seal', zh: '设置发票专用章', en: 'Set seal' }],
      },
      {
        code: 'invoiceStatistic',
        zh: '开票统计',
        en: 'Invoice statistics',
        icon: 'BarChartOutlined',
        elements: [{ action: 'export', zh: '导出', en: 'Export' }],
      },
      {
        code: 'taxClassCode',
        zh: '税收分类编码',
        en: 'Tax classification codes',
        icon: 'TagsOutlined',
        elements: [
          { action: 'sync', zh: '同步编码', en: 'Sync codes' },
          { action: 'import', zh: '导入编码', en: 'Import codes' },
        ],
      },
      {
        code: 'goodsCode',
        zh: '商品编码',
        en: 'Goods codes',
        icon: 'BarcodeOutlined',
        // Spec §6 names exactly these elements for the goods-code page.
        elements: [
          { action: 'query', zh: '查询', en: 'Query' },
          { action: 'add', zh: '新增', en: 'Add' },
          { action: 'del', zh: '删除', en: 'Delete' },
          { action: 'edit', zh: '修改', en: 'Edit' },
          { action: 'editSave', zh: '修改保存', en: 'Save changes' },
          { action: 'addznfm', zh: '智能赋码新增', en: 'Add with AI coding' },
          { action: 'addSave', zh: '新增保存', en: 'Save new' },
        ],
      },
      {
        code: 'goodsCompare',
        zh: '商品对照',
        en: 'Name–SKU map',
        icon: 'ClusterOutlined',
        elements: crud('对照'),
      },
      {
        code: 'myCustomer',
        zh: '我的客户',
        en: 'Customers',
        icon: 'SolutionOutlined',
        elements: [
          ...crud('客户'),
          { action: 'import', zh: '导入', en: 'Import' },
          { action: 'export', zh: '导出', en: 'Export' },
        ],
      },
    ],
  },
];

export interface FlatMenu extends MenuDef {
  parentCode: string | null;
  path: string;
  order: number;
}

/** Depth-first list with the console path of each entry (/{top}/{child}). */
export function flattenCatalogue(
  defs: MenuDef[] = menuCatalogue,
  parent: FlatMenu | null = null,
): FlatMenu[] {
  return defs.flatMap((d, i) => {
    const flat: FlatMenu = {
      ...d,
      parentCode: parent?.code ?? null,
      path: `${parent?.path ?? ''}/${d.code}`,
      order: (i + 1) * 10,
    };
    return [flat, ...flattenCatalogue(d.children ?? [], flat)];
  });
}

export const elementCode = (menuCode: string, action: string) => `${menuCode}:btn_${action}`;

/** Every code the catalogue declares, menus and elements. */
export function catalogueCodes(): Set<string> {
  const codes = new Set<string>();
  for (const m of flattenCatalogue()) {
    codes.add(m.code);
    for (const e of m.elements ?? []) codes.add(elementCode(m.code, e.action));
  }
  return codes;
}
