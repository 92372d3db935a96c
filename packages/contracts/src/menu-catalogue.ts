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
  /**
   * The page works on one company's own data, so an account of no company (the platform's) is never served it,
   * whatever it holds (the menu endpoint filters it; its endpoints refuse with TENANT_REQUIRED). Covers the
   * node's children.
   */
  companyOnly?: true;
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
        // Issue 30 §2.3, lane AGENT: the agent codes behind /allEleAgentTenant (modules/self-service/agent-entry).
        code: 'agentCodeManage',
        zh: '代理商入口管理',
        en: 'Agent entry codes',
        icon: 'QrcodeOutlined',
        scope: 'platform',
        elements: [
          { action: 'add', zh: '新增代理商入口', en: 'Add' },
          { action: 'edit', zh: '编辑代理商入口', en: 'Edit' },
          { action: 'enable', zh: '启用', en: 'Enable' },
          { action: 'disable', zh: '停用', en: 'Disable' },
          { action: 'export', zh: '导出', en: 'Export' },
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
        code: 'jobManager',
        zh: '任务管理',
        en: 'Jobs',
        icon: 'ScheduleOutlined',
        scope: 'platform',
        elements: [
          { action: 'redeliver', zh: '重新投递', en: 'Redeliver' },
          { action: 'retry', zh: '重试后台任务', en: 'Retry background job' },
          { action: 'remove', zh: '删除后台任务', en: 'Remove background job' },
          { action: 'pause', zh: '暂停/恢复定时任务', en: 'Pause / resume schedule' },
        ],
      },
      {
        code: 'sandboxMessageManager',
        zh: '沙箱消息',
        en: 'Sandbox messages',
        icon: 'MailOutlined',
        scope: 'platform',
      },
    ],
  },
  // Issue 32 §3: the fleet as the platform's operators watch it (instance registry, metrics, traces).
  {
    code: 'monitorManager',
    zh: '服务监控',
    en: 'Monitoring',
    icon: 'DashboardOutlined',
    scope: 'platform',
    children: [
      {
        code: 'serviceEurekaManager',
        zh: '服务注册',
        en: 'Instances',
        icon: 'ClusterOutlined',
        scope: 'platform',
      },
      {
        code: 'serviceMonitorManager',
        zh: '服务指标',
        en: 'Metrics',
        icon: 'DashboardOutlined',
        scope: 'platform',
      },
      {
        code: 'serviceZipkinManager',
        zh: '调用链追踪',
        en: 'Traces',
        icon: 'ApartmentOutlined',
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
      // Issue 30: scan-to-invoice orders and the buyers' invoice requests (modules/self-service/scan-orders,
      // invoice-requests): a one-time QR per order, the POS receipts, the review of buyers' asks.
      {
        code: 'sweepCode',
        zh: '扫码开票',
        en: 'Scan-to-invoice orders',
        icon: 'QrcodeOutlined',
        companyOnly: true,
        elements: [
          { action: 'add', zh: '新建订单', en: 'New order' },
          { action: 'import', zh: '导入', en: 'Import' },
          { action: 'void', zh: '作废', en: 'Void' },
          { action: 'window', zh: '有效期设置', en: 'Validity settings' },
        ],
      },
      {
        code: 'smallTicketRecord',
        zh: '小票记录',
        en: 'Receipt records',
        icon: 'ProfileOutlined',
        companyOnly: true,
      },
      {
        code: 'invoiceApply',
        zh: '开票申请',
        en: 'Invoice requests',
        icon: 'AuditOutlined',
        companyOnly: true,
        elements: [
          { action: 'approve', zh: '审核通过', en: 'Approve' },
          { action: 'reject', zh: '驳回', en: 'Reject' },
        ],
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
          { action: 'classify', zh: '设置分类', en: 'Set category' },
          { action: 'deliver', zh: '交付（邮件/短信）', en: 'Deliver (e-mail / SMS)' },
          { action: 'resend', zh: '重新交付', en: 'Resend' },
          { action: 'batchSms', zh: '批量短信链接', en: 'Batch SMS link' },
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
      // Issue 30: 码牌 — static QR boards buyers scan to ask for an invoice (modules/self-service/code-boards).
      {
        code: 'codeBoard',
        zh: '码牌管理',
        en: 'Code boards',
        icon: 'QrcodeOutlined',
        elements: [
          ...crud('码牌'),
          { action: 'export', zh: '导出', en: 'Export' },
          { action: 'enable', zh: '启用', en: 'Enable' },
          { action: 'disable', zh: '停用', en: 'Disable' },
          { action: 'poster', zh: '下载海报', en: 'Download poster' },
        ],
      },
      {
        code: 'allEleInvoiceCodeBoard',
        zh: '全电发票码牌',
        en: 'Fully digital code boards',
        icon: 'QrcodeOutlined',
        elements: [
          ...crud('码牌'),
          { action: 'export', zh: '导出', en: 'Export' },
          { action: 'enable', zh: '启用', en: 'Enable' },
          { action: 'disable', zh: '停用', en: 'Disable' },
          { action: 'poster', zh: '下载海报', en: 'Download poster' },
        ],
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
  {
    // Issue 31 (purchase side, /receiptsInvoice): each lane adds its pages here when they work.
    code: 'receiptsInvoice',
    zh: '进项发票',
    en: 'Received invoices',
    icon: 'FileDoneOutlined',
    companyOnly: true,
    children: [
      // Lane CORE: 发票查询 (the received invoices, 归集 from the bureau).
      {
        code: 'invoiceQuery',
        zh: '发票查询',
        en: 'Invoice query',
        icon: 'FileSearchOutlined',
        elements: [
          { action: 'export', zh: '导出', en: 'Export' },
          { action: 'sync', zh: '立即同步', en: 'Sync now' },
          { action: 'download', zh: '下载文件', en: 'Download files' },
          { action: 'upload', zh: '上传发票', en: 'Upload invoices' },
          { action: 'manual', zh: '手工录入', en: 'Enter manually' },
        ],
      },
      // Lane PSTATS: 进项发票统计.
      {
        code: 'jxFptj',
        zh: '进项发票统计',
        en: 'Received invoice statistics',
        icon: 'BarChartOutlined',
        elements: [{ action: 'export', zh: '导出', en: 'Export' }],
      },
      // Lane DEDUCT: 勾选抵扣, 统计确认, 税款测算 (modules/purchase/deduction).
      {
        code: 'checkAuthority',
        zh: '发票勾选',
        en: 'Select for deduction',
        icon: 'AuditOutlined',
        elements: [
          { action: 'select', zh: '勾选', en: 'Select' },
          { action: 'undo', zh: '撤销勾选', en: 'Undo selection' },
        ],
      },
      {
        code: 'confirmPwd',
        zh: '统计确认',
        en: 'Statistics and confirmation',
        icon: 'LockOutlined',
        elements: [
          { action: 'stats', zh: '申请/撤销统计', en: 'Apply / undo statistics' },
          { action: 'confirm', zh: '确认签名', en: 'Confirm' },
        ],
      },
      {
        code: 'taxPayment',
        zh: '税款测算',
        en: 'Tax payable',
        icon: 'AccountBookOutlined',
      },
      // Lane PSTATS: 商品编码更新 (入账编码规则 and applying them to received lines).
      {
        code: 'codeUpdate',
        zh: '商品编码更新',
        en: 'Bookkeeping codes',
        icon: 'TagsOutlined',
        elements: [
          ...crud('规则'),
          { action: 'export', zh: '导出', en: 'Export' },
          { action: 'apply', zh: '批量更新编码', en: 'Apply rules' },
        ],
      },
      // Lane CHECK: 查验, 扫码查验, 查验记录, 报销, 预警.
      {
        code: 'intelligentCheck',
        zh: '智能查验',
        en: 'Invoice check',
        icon: 'SafetyCertificateOutlined',
        elements: [
          { action: 'check', zh: '查验', en: 'Check' },
          { action: 'batch', zh: '批量查验', en: 'Batch check' },
        ],
      },
      {
        code: 'solaCheck',
        zh: '扫码查验',
        en: 'Scan check',
        icon: 'QrcodeOutlined',
        elements: [{ action: 'check', zh: '查验', en: 'Check' }],
      },
      {
        code: 'checkRecord',
        zh: '查验记录',
        en: 'Check records',
        icon: 'ProfileOutlined',
        elements: [{ action: 'export', zh: '导出', en: 'Export' }],
      },
      {
        code: 'invoiceReimbursement',
        zh: '发票报销',
        en: 'Reimbursement',
        icon: 'WalletOutlined',
        elements: [
          { action: 'add', zh: '提交报销单', en: 'Submit claim' },
          { action: 'withdraw', zh: '撤回报销单', en: 'Withdraw claim' },
        ],
      },
      {
        code: 'invoiceWarning',
        zh: '发票预警',
        en: 'Invoice warnings',
        icon: 'BellOutlined',
      },
    ],
  },
  {
    // Issue 14: 开票平台设置 — what a tenant tells its buyers and how its invoices reach them. seal, companySeal,
    // signment, signsource and skp belong to later issues and are not listed until their pages work.
    code: 'invoicePlat',
    zh: '开票平台设置',
    en: 'Invoicing platform',
    icon: 'ShopOutlined',
    companyOnly: true,
    children: [
      {
        code: 'companyinfo',
        zh: '企业信息',
        en: 'Company information',
        icon: 'IdcardOutlined',
        elements: [{ action: 'edit', zh: '保存', en: 'Save' }],
      },
      {
        code: 'template',
        zh: '消息模板',
        en: 'Message templates',
        icon: 'MailOutlined',
        elements: crud('模板'),
      },
      {
        code: 'fpmb',
        zh: '发票模板',
        en: 'Invoice layout',
        icon: 'FileTextOutlined',
        elements: [{ action: 'edit', zh: '保存', en: 'Save' }],
      },
      {
        code: 'sms',
        zh: '短信签名',
        en: 'SMS signature',
        icon: 'MessageOutlined',
        elements: [{ action: 'edit', zh: '保存', en: 'Save' }],
      },
      {
        code: 'zzsdzfp',
        zh: '电子发票交付设置',
        en: 'E-invoice delivery',
        icon: 'SettingOutlined',
        elements: [
          { action: 'edit', zh: '保存交付设置', en: 'Save delivery settings' },
          { action: 'mail', zh: '设置企业邮箱', en: 'Set company mailbox' },
          { action: 'codeCard', zh: '设置码牌页面', en: 'Set code-card page' },
        ],
      },
      {
        code: 'shorturl',
        zh: '短链接管理',
        en: 'Short links',
        icon: 'GlobalOutlined',
        elements: [
          { action: 'disable', zh: '停用', en: 'Disable' },
          { action: 'extend', zh: '延期', en: 'Extend' },
          { action: 'expire', zh: '立即到期', en: 'Expire now' },
          { action: 'export', zh: '导出', en: 'Export' },
        ],
      },
      {
        code: 'smsWhite',
        zh: '短信白名单',
        en: 'SMS whitelist',
        icon: 'SafetyOutlined',
        elements: [...crud('白名单'), { action: 'export', zh: '导出', en: 'Export' }],
      },
      {
        code: 'invoiceClassify',
        zh: '发票分类',
        en: 'Invoice categories',
        icon: 'TagsOutlined',
        elements: [...crud('分类'), { action: 'export', zh: '导出', en: 'Export' }],
      },
      {
        code: 'bill',
        zh: '账单',
        en: 'Bill',
        icon: 'AccountBookOutlined',
        elements: [{ action: 'export', zh: '导出', en: 'Export' }],
      },
    ],
  },
  {
    // Issue 30: 系统设置 — what a tenant sets up for buyers who invoice themselves (scan-to-invoice, code boards,
    // wallets). Each lane of issue 30 appends its pages here when they work.
    code: 'systemSetupManager',
    zh: '系统设置',
    en: 'System setup',
    icon: 'ControlOutlined',
    companyOnly: true,
    children: [
      {
        code: 'scanTitle',
        zh: '扫码抬头设置',
        en: 'Buyer title form',
        icon: 'IdcardOutlined',
        elements: [{ action: 'edit', zh: '保存', en: 'Save' }],
      },
      {
        code: 'scanInvoice',
        zh: '扫码开票设置',
        en: 'Scan-to-invoice',
        icon: 'QrcodeOutlined',
        elements: [{ action: 'edit', zh: '保存', en: 'Save' }],
      },
      {
        code: 'codeBoardControl',
        zh: '码牌管控',
        en: 'Code-board control',
        icon: 'SafetyOutlined',
        elements: crud('管控'),
      },
      {
        code: 'businessCodeBoard',
        zh: '业务码牌',
        en: 'Business-line boards',
        icon: 'QrcodeOutlined',
        elements: [
          ...crud('码牌'),
          { action: 'export', zh: '导出', en: 'Export' },
          { action: 'enable', zh: '启用', en: 'Enable' },
          { action: 'disable', zh: '停用', en: 'Disable' },
          { action: 'poster', zh: '下载海报', en: 'Download poster' },
        ],
      },
      {
        code: 'codeBoardQuery',
        zh: '码牌查询',
        en: 'Board activity',
        icon: 'FileSearchOutlined',
        elements: [{ action: 'export', zh: '导出', en: 'Export' }],
      },
      // Lane WALLETS (modules/self-service/wallets): WeChat Pay / Alipay card-bag accounts and card insertions.
      {
        code: 'wxSet',
        zh: '微信卡包设置',
        en: 'WeChat card bag',
        icon: 'WalletOutlined',
        elements: crud('账号'),
      },
      {
        code: 'zfbSet',
        zh: '支付宝卡包设置',
        en: 'Alipay card bag',
        icon: 'WalletOutlined',
        elements: crud('账号'),
      },
      {
        code: 'wechatList',
        zh: '微信插卡记录',
        en: 'WeChat card insertions',
        icon: 'ProfileOutlined',
        elements: [{ action: 'retry', zh: '重试', en: 'Retry' }],
      },
      {
        code: 'alipayList',
        zh: '支付宝插卡记录',
        en: 'Alipay card insertions',
        icon: 'ProfileOutlined',
        elements: [{ action: 'retry', zh: '重试', en: 'Retry' }],
      },
    ],
  },
  {
    // Issue 14: 短信管理 — the platform's SMS providers, quota, controls, records and statistics.
    code: 'smsMessage',
    zh: '短信管理',
    en: 'SMS',
    icon: 'MessageOutlined',
    children: [
      {
        code: 'smsFacilitatorManage',
        zh: '短信服务商管理',
        en: 'SMS providers',
        icon: 'CloudServerOutlined',
        scope: 'platform',
        elements: [
          ...crud('服务商'),
          { action: 'enable', zh: '启用/停用', en: 'Enable / disable' },
          { action: 'test', zh: '测试发送', en: 'Test send' },
        ],
      },
      // Issue 14 §3: balances, recharges, records, receipts, controls and statistics (modules/delivery/sms-admin,
      // delivery-records, delivery-stats).
      {
        code: 'smsFacilitatorStatistic',
        zh: '短信服务商统计',
        en: 'SMS by provider',
        icon: 'BarChartOutlined',
        elements: [{ action: 'export', zh: '导出', en: 'Export' }],
      },
      {
        code: 'smsMargin',
        zh: '短信余量',
        en: 'SMS balance',
        icon: 'WalletOutlined',
        elements: [
          { action: 'edit', zh: '修改预警阈值', en: 'Edit warning threshold' },
          { action: 'export', zh: '导出', en: 'Export' },
        ],
      },
      {
        code: 'enterpriseSmsStatistic',
        zh: '企业短信统计',
        en: 'SMS by company',
        icon: 'BarChartOutlined',
        elements: [{ action: 'export', zh: '导出', en: 'Export' }],
      },
      {
        code: 'smsRecord',
        zh: '短信发送记录',
        en: 'SMS records',
        icon: 'ProfileOutlined',
        elements: [{ action: 'export', zh: '导出', en: 'Export' }],
      },
      {
        code: 'smsControlList',
        zh: '黑白名单',
        en: 'Blacklist / whitelist',
        icon: 'LockOutlined',
        scope: 'platform',
        elements: [
          ...crud('名单'),
          { action: 'export', zh: '导出', en: 'Export' },
          { action: 'import', zh: '导入', en: 'Import' },
        ],
      },
      {
        code: 'smsControlManage',
        zh: '频率控制',
        en: 'Frequency limits',
        icon: 'DashboardOutlined',
        scope: 'platform',
        elements: crud('频率限制'),
      },
      {
        code: 'smsSystemDeploy',
        zh: '短信系统配置',
        en: 'SMS settings',
        icon: 'ToolOutlined',
        scope: 'platform',
        elements: [{ action: 'edit', zh: '保存配置', en: 'Save settings' }, ...crud('模板')],
      },
      {
        code: 'smsStateReport',
        zh: '短信状态报告',
        en: 'SMS receipts',
        icon: 'AuditOutlined',
        elements: [{ action: 'export', zh: '导出', en: 'Export' }],
      },
      {
        code: 'rechargeRecord',
        zh: '充值记录',
        en: 'Recharges',
        icon: 'AccountBookOutlined',
        // Recording a recharge is platform-only (the route says so); a company reads its own recharges.
        elements: [
          { action: 'add', zh: '充值', en: 'Recharge' },
          { action: 'export', zh: '导出', en: 'Export' },
        ],
      },
    ],
  },
  {
    // Issue 14: 邮件管理 — the platform's e-mail providers, records and statistics.
    code: 'emailMessage',
    zh: '邮件管理',
    en: 'E-mail',
    icon: 'MailOutlined',
    children: [
      {
        code: 'emailFacilitatorManage',
        zh: '邮件服务商管理',
        en: 'E-mail providers',
        icon: 'CloudServerOutlined',
        scope: 'platform',
        elements: [
          ...crud('服务商'),
          { action: 'enable', zh: '启用/停用', en: 'Enable / disable' },
          { action: 'test', zh: '测试发送', en: 'Test send' },
        ],
      },
      {
        code: 'emailRecord',
        zh: '邮件发送记录',
        en: 'E-mail records',
        icon: 'ProfileOutlined',
        elements: [{ action: 'export', zh: '导出', en: 'Export' }],
      },
      {
        code: 'emailStatistic',
        zh: '邮件统计',
        en: 'E-mail statistics',
        icon: 'BarChartOutlined',
        elements: [{ action: 'export', zh: '导出', en: 'Export' }],
      },
      {
        code: 'emailStateReport',
        zh: '邮件状态报告',
        en: 'E-mail receipts',
        icon: 'AuditOutlined',
        elements: [{ action: 'export', zh: '导出', en: 'Export' }],
      },
    ],
  },
  {
    // Issue 32 (the open platform), lane CONSOLE: modules/open-platform/console, features/open-platform/console.
    code: 'openPlatformManager',
    zh: '开放平台管理',
    en: 'Open platform',
    icon: 'ApiOutlined',
    // Every page under it is the platform's: a company must not be served an empty group (it landed on 404).
    scope: 'platform',
    children: [
      {
        code: 'developerRightsManager',
        zh: '开发者权限管理',
        en: 'Developers & apps',
        icon: 'CodeOutlined',
        scope: 'platform',
        elements: [
          { action: 'add', zh: '新增', en: 'Add' },
          { action: 'edit', zh: '编辑', en: 'Edit' },
          { action: 'enable', zh: '启用', en: 'Enable' },
          { action: 'disable', zh: '停用', en: 'Disable' },
          { action: 'resetSecret', zh: '重置密钥', en: 'Reset secret' },
          { action: 'grant', zh: '授权接口分组', en: 'Grant groups' },
          { action: 'export', zh: '导出', en: 'Export' },
        ],
      },
      {
        code: 'interfaceGroup',
        zh: '接口分组',
        en: 'Interface groups',
        icon: 'AppstoreOutlined',
        scope: 'platform',
        elements: [
          { action: 'edit', zh: '编辑分组', en: 'Edit' },
          { action: 'enable', zh: '启用', en: 'Enable' },
          { action: 'disable', zh: '停用', en: 'Disable' },
          { action: 'export', zh: '导出', en: 'Export' },
        ],
      },
      {
        code: 'platformInterface',
        zh: '平台接口',
        en: 'Platform APIs',
        icon: 'ApiOutlined',
        scope: 'platform',
        elements: [
          { action: 'edit', zh: '编辑接口', en: 'Edit' },
          { action: 'enable', zh: '启用', en: 'Enable' },
          { action: 'disable', zh: '停用', en: 'Disable' },
          { action: 'export', zh: '导出', en: 'Export' },
        ],
      },
      {
        code: 'enterpriseLicense',
        zh: '企业授权',
        en: 'Enterprise licences',
        icon: 'SafetyCertificateOutlined',
        scope: 'platform',
        elements: [
          { action: 'add', zh: '新增授权', en: 'Authorise' },
          { action: 'edit', zh: '编辑授权', en: 'Edit' },
          { action: 'revoke', zh: '撤销授权', en: 'Revoke' },
          { action: 'restore', zh: '恢复授权', en: 'Restore' },
          { action: 'export', zh: '导出', en: 'Export' },
        ],
      },
      {
        code: 'enterpriseRateLimit',
        zh: '企业限流',
        en: 'Rate limits',
        icon: 'DashboardOutlined',
        scope: 'platform',
        elements: [
          ...crud('限流规则'),
          { action: 'enable', zh: '启用', en: 'Enable' },
          { action: 'disable', zh: '停用', en: 'Disable' },
          { action: 'export', zh: '导出', en: 'Export' },
        ],
      },
      // Issue 32 §3, lane WATCH: statistics and the call log over open_call_logs (modules/open-platform/call-stats).
      {
        code: 'interfaceStatistics',
        zh: '接口统计',
        en: 'API statistics',
        icon: 'BarChartOutlined',
        scope: 'platform',
      },
      {
        code: 'interfaceDetail',
        zh: '接口明细',
        en: 'API call log',
        icon: 'FileSearchOutlined',
        scope: 'platform',
        elements: [{ action: 'export', zh: '导出', en: 'Export' }],
      },
    ],
  },
  {
    // Issue 32, lane CONSOLE: OAuth clients, authorisation codes, device bindings.
    code: 'authManager',
    zh: '授权管理',
    en: 'Authorisation',
    icon: 'SafetyOutlined',
    children: [
      {
        code: 'oauthClientDetailsManager',
        zh: 'OAuth客户端管理',
        en: 'OAuth clients',
        icon: 'KeyOutlined',
        scope: 'platform',
        elements: [
          { action: 'add', zh: '新增客户端', en: 'Add' },
          { action: 'edit', zh: '编辑客户端', en: 'Edit' },
          { action: 'enable', zh: '启用', en: 'Enable' },
          { action: 'disable', zh: '停用', en: 'Disable' },
          { action: 'resetSecret', zh: '重置密钥', en: 'Reset secret' },
          { action: 'export', zh: '导出', en: 'Export' },
        ],
      },
      {
        code: 'authCode',
        zh: '授权码管理',
        en: 'Authorisation codes',
        icon: 'BarcodeOutlined',
        scope: 'platform',
        elements: [
          { action: 'add', zh: '生成授权码', en: 'Add' },
          { action: 'edit', zh: '编辑授权码', en: 'Edit' },
          { action: 'enable', zh: '启用', en: 'Enable' },
          { action: 'disable', zh: '停用', en: 'Disable' },
          { action: 'export', zh: '导出', en: 'Export' },
        ],
      },
      {
        code: 'deviceBinding',
        zh: '设备绑定',
        en: 'Device bindings',
        icon: 'HddOutlined',
        scope: 'platform',
        elements: [
          { action: 'add', zh: '绑定设备', en: 'Bind' },
          { action: 'edit', zh: '编辑绑定', en: 'Edit' },
          { action: 'unbind', zh: '解绑', en: 'Unbind' },
          { action: 'export', zh: '导出', en: 'Export' },
        ],
      },
      // Issue 32 §3, lane WATCH: the open API, its gateway and its services as operators watch them.
      { code: 'apiManager', zh: '接口管理', en: 'Open APIs', icon: 'ApiOutlined', scope: 'platform' },
      {
        code: 'gatewayManager',
        zh: '网关管理',
        en: 'Gateway',
        icon: 'DeploymentUnitOutlined',
        scope: 'platform',
      },
      {
        code: 'serviceManager',
        zh: '服务管理',
        en: 'Services',
        icon: 'CloudServerOutlined',
        scope: 'platform',
      },
      {
        // Issue 32, lane HOOKS: every code the open API answers with (contracts openErrorCatalogue).
        code: 'errorCode',
        zh: '错误码',
        en: 'Error codes',
        icon: 'ProfileOutlined',
      },
    ],
  },
  {
    // Issue 32, lane HOOKS: the open API's documentation per product line, the try-it console against the
    // sandbox, the signing guide and webhooks (with the delivery log), limits. features/open-platform/docs.
    code: 'developerOptions',
    zh: '开发者选项',
    en: 'Developer options',
    icon: 'CodeOutlined',
    children: [
      { code: 'outputInvoice', zh: '销项发票接口', en: 'Output invoice APIs', icon: 'FileDoneOutlined' },
      { code: 'inputInvoice', zh: '进项发票接口', en: 'Input invoice APIs', icon: 'FileSearchOutlined' },
      { code: 'electronicInvoice', zh: '电子发票基础接口', en: 'E-invoice basics', icon: 'FileTextOutlined' },
      { code: 'deviceCenterSetting', zh: '设备中心接口', en: 'Device center APIs', icon: 'HddOutlined' },
      { code: 'userCenter', zh: '用户中心接口', en: 'User center APIs', icon: 'UserOutlined' },
      {
        code: 'openPlatForm',
        zh: '开放平台接入',
        en: 'Open platform guide',
        icon: 'ApiOutlined',
        elements: [{ action: 'redeliver', zh: '重新投递Webhook', en: 'Redeliver webhooks' }],
      },
      { code: 'currentLimiting', zh: '当前限流', en: 'Current limits', icon: 'DashboardOutlined' },
    ],
  },
  {
    // Issue 32, lane CONSOLE: the enterprise's own view of the software that acts for it.
    code: 'systemAuthorizeManager',
    zh: '系统授权管理',
    en: 'System authorisation',
    icon: 'LockOutlined',
    companyOnly: true,
    children: [
      {
        code: 'softwareInterface',
        zh: '软件接口授权',
        en: 'Software authorisations',
        icon: 'ApiOutlined',
        elements: [
          { action: 'add', zh: '授权应用', en: 'Authorise' },
          { action: 'edit', zh: '编辑授权', en: 'Edit' },
          { action: 'revoke', zh: '撤销授权', en: 'Revoke' },
          { action: 'restore', zh: '恢复授权', en: 'Restore' },
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

/** Codes of the menus only a company account is served: each companyOnly node and everything under it. */
export function companyOnlyCodes(defs: MenuDef[] = menuCatalogue, inherited = false): Set<string> {
  const codes = new Set<string>();
  for (const d of defs) {
    const companyOnly = inherited || d.companyOnly === true;
    if (companyOnly) codes.add(d.code);
    for (const c of companyOnlyCodes(d.children ?? [], companyOnly)) codes.add(c);
  }
  return codes;
}
