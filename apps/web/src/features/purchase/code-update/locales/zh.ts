export default {
  codeUpdate: {
    intro:
      '为收到的发票明细设定入账编码：按明细名称中的税收分类简称（如“*办公用品*A4纸”中的“办公用品”）或名称关键字，可限定销售方，对应本企业的入账科目和物料编码；多条规则都匹配时按优先级（数字小的优先）取第一条。规则设好后点“批量更新编码”，预览无误再确认写入。',
    apply: '批量更新编码',
    preview: '预览',
    confirm: '确认更新',
    close: '关闭',
    range: '属期',
    overwrite: '覆盖已编码的明细',
    applyHint: '不选属期即处理全部已收发票；未勾选“覆盖”时，已编码的明细保持原编码。',
    done: '已更新 {{n}} 条明细的入账编码',
    nothing: '没有需要更新的明细',
    uncoded: '未编码',
    more: '仅显示前 {{shown}} 条，共 {{n}} 条',
    count: {
      lines: '明细总数',
      matched: '匹配规则',
      willChange: '将更新',
      changed: '已更新',
      kept: '保持原编码',
    },
    col: {
      number: '发票号码',
      seller: '销售方',
      line: '明细名称',
      from: '原编码',
      to: '新编码',
      material: '物料编码',
    },
  },
};
