/** Only the page's own text: labels, buttons and messages come from the metadata and crud/. */
export default {
  codeBoards: {
    categoriesHint: '输入名称或拼音首字母搜索商品，可多选',
    poster: '下载海报',
    posterFailed: '海报下载失败，请稍后重试',
  },
};
