// Issue 31 §6: received invoice files parsed per second (PDF, XML, OFD, QR picture), on the product's own files
// (a 5-line face rendered by sales/invoice-files). One thread, no database, no bureau: the parse alone.
// Standalone: node --import tsx scripts/bench/intake-parse.ts
import { parseInvoiceFile } from '../../apps/server/src/modules/purchase/invoice-intake/parse/index.ts';
import { productFiles, sampleFace } from '../../apps/server/test/purchase/fixtures.ts';

type Line = (name: string, value: string, target?: string) => void;

export async function printIntakeParse(line: Line, seconds = 2) {
  const f = await productFiles(sampleFace({}, 5));
  const sets: [string, Buffer][] = [
    ['PDF', f.pdf],
    ['XML', f.xml],
    ['OFD', f.ofd],
    ['QR picture (PNG)', f.png],
  ];
  for (const [name, bytes] of sets) {
    await parseInvoiceFile(bytes); // warm: loads unpdf / sharp once
    let n = 0;
    const start = performance.now();
    while (performance.now() - start < seconds * 1000) {
      await parseInvoiceFile(bytes);
      n++;
    }
    const s = (performance.now() - start) / 1000;
    line(
      `received files parsed per second: ${name} (${(bytes.length / 1024).toFixed(0)} KB)`,
      `${(n / s).toFixed(0)}/s`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await printIntakeParse((name, value, target = '') =>
    console.log(`${name.padEnd(64)} ${value.padEnd(12)} ${target}`),
  );
}
