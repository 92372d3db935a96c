export default {
  aiCoding: {
    pick: '智能赋码',
    pickTitle: '智能赋码推荐',
    typeName: '输入商品名称后显示推荐的编码',
    none: '没有找到合适的编码，请从编码树选择',
    memory: '本企业赋码记录',
    matched: '命中：{{words}}',
    lowConfidence: '推荐把握不大，请核对编码',
    lowConfidenceHint: '首选编码置信度较低，请确认后再使用，或从编码树选择。',
  },
};
