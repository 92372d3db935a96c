/** Only the page's own text: labels, buttons and messages come from the metadata and crud/. */
export default {
  codeBoards: {
    categoriesHint: 'Search goods by name or pinyin initials; pick one or more',
    poster: 'Poster',
    posterFailed: 'The poster could not be downloaded; please try again',
  },
};
