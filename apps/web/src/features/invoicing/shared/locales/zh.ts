export default {
  invoiceStatus: {
    draft: '草稿',
    pending_review: '待审核',
    ready: '待开具',
    issuing: '开具中',
    issued: '已开具',
    failed: '开具失败',
    partly_red: '部分红冲',
    red: '已红冲',
    void: '已作废',
  },
};
