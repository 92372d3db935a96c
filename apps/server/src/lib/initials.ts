import { pinyin } from 'pinyin-pro';

const memo = new Map<string, string>();

/**
 * Pinyin initials for the search boxes (笔记本电脑 → bjbdn), stored beside the row so a LIKE finds them.
 * Character by character with a memo; a polyphone takes its most common reading, which is what users type.
 * Letters and digits are kept (ThinkPad X1 → thinkpadx1), punctuation dropped.
 */
export function initialsOf(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((p): p is string => !!p)
    .map((p) =>
      [...p.replace(/[^\u4e00-\u9fa5a-zA-Z0-9]/g, '')]
        .map((c) => {
          let v = memo.get(c);
          if (v === undefined) {
            v = (
              /[\u4e00-\u9fa5]/.test(c) ? pinyin(c, { pattern: 'first', toneType: 'none' }) : c
            ).toLowerCase();
            memo.set(c, v);
          }
          return v;
        })
        .join(''),
    )
    .join(' ');
}
