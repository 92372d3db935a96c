/** Dictionaries the platform ships: [value, 中文, English]. Administrators may extend them in the console. */
export const dictionarySeed: {
  code: string;
  name: string;
  description: string;
  items: [string, string, string][];
}[] = [
  {
    code: 'tenant_type',
    name: '租户类型',
    description: '租户的业务类型',
    items: [
      ['1', '普通企业', 'Enterprise'],
      ['2', '代理商', 'Agent'],
      ['3', '代理商客户', 'Agent client'],
      ['4', '集团企业', 'Group'],
      ['5', '定制企业', 'Customised enterprise'],
    ],
  },
  {
    code: 'invoice_method',
    name: '开票模式',
    description: '销项发票的开具方式',
    items: [
      ['0', '预开审核', 'Pre-issue with audit'],
      ['1', '直接开具', 'Direct issuing'],
    ],
  },
  {
    code: 'invoice_type',
    name: '发票种类',
    description: '统一的发票种类',
    items: [
      ['digital_special', '数电专票', 'Digital special VAT invoice'],
      ['digital_ordinary', '数电普票', 'Digital ordinary invoice'],
      ['special', '增值税专用发票', 'Special VAT invoice'],
      ['ordinary', '增值税普通发票', 'Ordinary VAT invoice'],
      ['e_ordinary', '增值税电子普通发票', 'Electronic ordinary invoice'],
      ['e_special', '增值税电子专用发票', 'Electronic special invoice'],
      ['roll', '增值税普通发票（卷式）', 'Roll invoice'],
    ],
  },
  {
    code: 'tax_rate',
    name: '税率/征收率',
    description: '增值税税率与征收率',
    items: [
      ['0.13', '13%', '13%'],
      ['0.09', '9%', '9%'],
      ['0.06', '6%', '6%'],
      ['0.05', '5%', '5%'],
      ['0.03', '3%', '3%'],
      ['0.015', '1.5%', '1.5%'],
      ['0.01', '1%', '1%'],
      ['0', '0%', '0%'],
    ],
  },
  {
    code: 'user_status',
    name: '用户状态',
    description: '',
    items: [
      ['1', '启用', 'Active'],
      ['0', '停用', 'Disabled'],
    ],
  },
];
