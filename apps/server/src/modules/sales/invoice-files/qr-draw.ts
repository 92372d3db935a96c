import QRCode from 'qrcode';

/**
 * A QR code as PDF path operators: one rectangle per horizontal run of dark modules, filled once. Vector, so
 * sharp at any zoom with no raster to embed; written as raw operators because going through pdf-lib's
 * drawRectangle (hundreds of calls) cost more than the rest of the face. `x`, `y` is the bottom-left corner in
 * PDF points, `size` the side without the quiet zone, `rgb` the fill colour (0–1 each).
 */
export function qrOperators(
  content: string,
  x: number,
  y: number,
  size: number,
  rgb: [number, number, number],
): string {
  const { modules } = QRCode.create(content, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const cell = size / n;
  const f = (v: number) => v.toFixed(3);
  const ops: string[] = ['q', `${rgb.map(f).join(' ')} rg`];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      // A hair taller and wider than the cell so neighbouring runs show no seams when rasterised.
      ops.push(
        `${f(x + start * cell)} ${f(y + size - (row + 1) * cell)} ${f((col - start) * cell + 0.05)} ${f(cell + 0.05)} re`,
      );
    }
  }
  ops.push('f', 'Q');
  return ops.join('\n');
}
