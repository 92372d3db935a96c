/**
 * The HTML handed to the hidden print frame (lib/print.ts): one sheet per invoice face, the page size of the
 * face, no browser margins (the saved offsets position the face instead). Faces carry inline styles, so
 * their rendered markup prints as it previews.
 */
export const SHEET = { widthMm: 210, heightMm: 140 } as const;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function printDocument(title: string, sheetsHtml: string[]): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
  @page { size: ${SHEET.widthMm}mm ${SHEET.heightMm}mm; margin: 0; }
  html, body { margin: 0; padding: 0; background: #fff; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .sheet { position: relative; width: ${SHEET.widthMm}mm; min-height: ${SHEET.heightMm}mm; overflow: hidden; break-after: page; page-break-after: always; }
  .sheet:last-child { break-after: auto; page-break-after: auto; }
</style>
</head>
<body>
${sheetsHtml.map((h) => `<div class="sheet">${h}</div>`).join('\n')}
</body>
</html>`;
}

/**
 * A 10 mm grid over the whole sheet, moved by the offsets like a face would be: printed on plain paper and
 * laid over the invoice form, it shows how far to adjust.
 */
export function alignmentGrid(opts: { title: string; legend: string; offsetXmm: number; offsetYmm: number }) {
  const lines: string[] = [];
  for (let x = 0; x <= SHEET.widthMm; x += 10)
    lines.push(
      `<div style="position:absolute;left:${x}mm;top:0;width:0;height:${SHEET.heightMm}mm;border-left:${x % 50 === 0 ? '0.4mm' : '0.15mm'} solid #c00"></div>`,
      x % 50 === 0
        ? `<div style="position:absolute;left:${x + 0.8}mm;top:1mm;font:2.5mm sans-serif;color:#c00">${x}</div>`
        : '',
    );
  for (let y = 0; y <= SHEET.heightMm; y += 10)
    lines.push(
      `<div style="position:absolute;top:${y}mm;left:0;height:0;width:${SHEET.widthMm}mm;border-top:${y % 50 === 0 ? '0.4mm' : '0.15mm'} solid #c00"></div>`,
      y % 50 === 0 && y
        ? `<div style="position:absolute;top:${y + 0.8}mm;left:1mm;font:2.5mm sans-serif;color:#c00">${y}</div>`
        : '',
    );
  const label = `<div style="position:absolute;left:60mm;top:60mm;width:90mm;font:3.5mm sans-serif;text-align:center;background:#fff">${escapeHtml(opts.title)}<br><span style="font-size:2.8mm">${escapeHtml(opts.legend)}</span></div>`;
  const grid = `<div data-testid="alignment-grid" style="position:relative;width:${SHEET.widthMm}mm;height:${SHEET.heightMm}mm;transform:translate(${opts.offsetXmm}mm, ${opts.offsetYmm}mm)">${lines.join('')}${label}</div>`;
  return printDocument(opts.title, [grid]);
}
