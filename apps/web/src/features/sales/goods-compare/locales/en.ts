/** Only the picker's own text: labels, buttons and messages come from the metadata and crud/. */
export default {
  goodsCompare: {
    commodityHint: 'Search by name, pinyin initials or own code',
  },
};
