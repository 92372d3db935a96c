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
  '度|英寸|寸|毫升|ml|升|l|千克|公斤|kg|克|g|斤|吨|t|毫米|mm|厘米|cm|米|m|瓦|w|千瓦|kw|伏|v|安|a|mah|gb|tb|mb|核|匹|p|号|码|岁|年|月|天|日|小时|次|人|元|个|只|盒|箱|瓶|包|袋|件|套|台|支|片|粒|张|本|双|条|卷|罐|桶|听|块|把|根|副|组|份|层|位|寸装';

const SPEC = new RegExp(`\\d+(?:\\.\\d+)?\\s*(?:${UNITS})(?![a-z])`, 'g');

/** Lower-cased, half-width, without sizes/quantities and model numbers; keeps Chinese and brand words. */
export function cleanName(raw: string): string {
  return toHalfWidth(raw)
    .toLowerCase()
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
