/** Only the pages' own text: labels, buttons and messages come from the metadata and crud/. */
export default {
  openConsole: {
    secretTitle: '请立即保存密钥',
    secretHint: '密钥仅显示这一次，关闭后无法再次查看；如遗失只能重置。',
    keyLabel: '标识',
    secretLabel: '密钥',
    saved: '我已保存',
    resetSecret: '重置密钥',
    resetConfirm: '重置后旧密钥立即失效，使用旧密钥的调用将被拒绝。确定重置吗？',
    grantGroups: '授权分组',
    grantTitle: '{{name}} · 可调用的接口分组',
    grantSaved: '接口分组已保存',
    tabApps: '应用',
    tabDevelopers: '开发者',
    pickTenant: '输入企业名称或税号搜索',
    pickApp: '输入应用或服务商名称搜索',
    pickDeveloper: '输入开发者名称搜索',
    pickOperation: '选择接口',
    pickTags: '输入后回车，可多个',
    pickTime: '选择到期时间',
    softwareIntro:
      '以下是代表本企业调用开放接口的服务商软件。授权后对方可在授权范围和有效期内为本企业开票、查询；随时可以撤销。',
  },
};
