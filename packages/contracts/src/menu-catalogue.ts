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
