/**
 * Decides what an uploaded image really is from its bytes, never from its name or declared type: a renamed
 * HTML file or an SVG carrying script would otherwise be served from our own origin under /uploads/.
 */
export type ImageKind = { ext: 'png' | 'jpg' | 'svg'; mime: string };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function sniffImage(data: Buffer): ImageKind | { problem: string } {
  if (data.length >= 8 && PNG.every((b, i) => data[i] === b)) return { ext: 'png', mime: 'image/png' };
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return { ext: 'jpg', mime: 'image/jpeg' };
  const svg = svgText(data);
  if (svg === null) return { problem: '仅支持 PNG、JPEG 或 SVG 格式的图片' };
  // An SVG opened directly runs its scripts with our origin's cookies: refuse anything executable.
  if (
    /<script/i.test(svg) ||
    /\son[a-z]+\s*=/i.test(svg) ||
    /javascript:/i.test(svg) ||
    /<foreignObject/i.test(svg)
  ) {
    return { problem: 'SVG 图片不能包含脚本或事件属性' };
  }
  if (/<!ENTITY/i.test(svg)) return { problem: 'SVG 图片不能包含实体声明' };
  return { ext: 'svg', mime: 'image/svg+xml' };
}

/** The text of an SVG document, or null when the bytes are not UTF-8 text whose root element is <svg>. */
function svgText(data: Buffer): string | null {
  if (data.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return null;
  }
  // Skip a BOM, the XML declaration, comments and a doctype before the root element.
  const head = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[\s\S]*?\?>/, '')
    .replace(/^(\s*(<!--[\s\S]*?-->|<!DOCTYPE[^>]*>))*/i, '')
    .trimStart();
  return /^<svg[\s>]/i.test(head) ? text : null;
}
