/**
 * Product names arrive as typed on orders: full-width letters, brand names, model numbers and sizes.
 * Normalising first lets "ＴｈｉｎｋＰａｄ" and "thinkpad" meet, and keeps "14英寸" or "X1" from matching
 * unrelated codes.
 */
export function toHalfWidth(s: string): string {
  return s
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ');
}

const UNITS =
  '立方米|立方|平方米|平方|平米|方|度|英寸|寸|毫升|升|千克|公斤|克|斤|吨|毫米|厘米|米|瓦|千瓦|伏|安|核|匹|号|码|岁|年|月|天|日|小时|次|人|元|个|只|盒|箱|瓶|包|袋|件|套|台|支|片|粒|张|本|双|条|卷|罐|桶|听|块|把|根|副|组|份|层|位|寸装';
const LATIN_UNITS = 'ml|l|kg|g|t|mm|cm|m|w|kw|v|a|mah|gb|tb|mb|p';

// A Chinese unit must touch its number: in 7010 台式机 the 台 starts a word (5台 is a quantity).
const SPEC = new RegExp(`\\d+(?:\\.\\d+)?(?:\\s*(?:${LATIN_UNITS})(?![a-z])|(?:${UNITS}))`, 'g');

/** Units a price list writes on their own: 大白菜（斤）, 仓库 租赁费 （平方米·月）, 菠菜 斤. */
const UNIT_WORDS =
  '吨|干吨|斤|公斤|千克|克|米|延米|平方米|立方米|平米|方|个|只|台|套|件|箱|包|袋|瓶|桶|张|块|根|支|条|卷|把|片|盒|罐|次|人天|人月|台班|千瓦时|度|头|羽|株|万尾|尾|平方英尺|码|辆|艘|项|批|吨公里|天|月|年|小时|kg|t|m|pcs';
const UNIT_ONLY = new RegExp(
  `[(（]\\s*(?:${UNIT_WORDS})(?:\\s*[·.*/]\\s*(?:${UNIT_WORDS}))?\\s*[)）]|(?<=^|[\\s)）])(?:${UNIT_WORDS})$`,
  'g',
);

/** Lower-cased, half-width, without sizes/quantities and model numbers; keeps Chinese and brand words. */
export function cleanName(raw: string): string {
  return toHalfWidth(raw)
    .toLowerCase()
    .replace(UNIT_ONLY, ' ')
    .replace(SPEC, ' ')
    .replace(/\b[a-z]*\d[a-z0-9\-_./]*\b/g, ' ')
    .replace(/[*×x]\s*\d+/g, ' ')
    .replace(/[^\u4e00-\u9fa5a-z]+/g, ' ')
    .trim();
}

/** Identity of a name for the tenant memory: case, width, spaces and punctuation do not count. */
export function nameKey(raw: string): string {
  return toHalfWidth(raw)
    .toLowerCase()
    .replace(/[^\u4e00-\u9fa5a-z0-9]+/g, '')
    .slice(0, 200);
}
