/** Only the picker's own text: labels, buttons and messages come from the metadata and crud/. */
export default {
  goodsCompare: {
    commodityHint: '输入名称、拼音首字母或自行编码搜索',
  },
};
