// 批量开具: how long the upload of a full template (MAX_IMPORT_ROWS = 5,000 rows, 1,250 invoices) takes to be
// parsed and validated, through HTTP on the running server. A figure, not a test: timings live here.
import { batchWorkbook, line as batchLine } from '../../apps/server/test/sales/invoice-batch-helpers.ts';
import type { BenchServer } from './server-process.ts';

export async function benchBatchImport(server: BenchServer, token: string) {
  const rows = Array.from({ length: 5000 }, (_, i) => batchLine(`M${Math.floor(i / 4)}`));
  const file = await batchWorkbook(rows);
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'batch.xlsx');
    const started = performance.now();
    const res = await fetch(`${server.url}/api/billing/v1/invoice-batches/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { validRows?: number; message?: string };
    if (res.status !== 200 || body.validRows !== 5000)
      return { error: `${res.status} ${body.message ?? JSON.stringify(body).slice(0, 120)}` };
    times.push(performance.now() - started);
  }
  return { bytes: file.length, medianMs: [...times].sort((a, b) => a - b)[1] };
}
