/** Only the page's own text: labels, buttons and messages come from the metadata and crud/. */
export default {
  agentCodes: {
    tenantsHint: '输入企业名称搜索，可多选',
    qr: '二维码',
    qrTitle: '{{name}} · 开票二维码',
    qrHint: '打印张贴在服务台，购买方用手机扫码后选择企业开票',
    openLink: '打开购买方页面',
    close: '关闭',
  },
};
