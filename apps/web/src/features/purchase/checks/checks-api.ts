import {
  checkBatch,
  checkBatchFile,
  checkBatchTemplate,
  checkInvoice,
  exportCheckRecords,
  getCheckRecord,
  listCheckRecords,
} from '@fpy/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type CallBody, type CallQuery, call, download } from '../../../lib/http.ts';

export type CheckBody = CallBody<typeof checkInvoice>;
export type RecordQuery = CallQuery<typeof listCheckRecords>;
export type ExportQuery = CallQuery<typeof exportCheckRecords>;

export const checkKeys = { all: ['purchase-checks'] as const };

export const check = (body: CheckBody) => call(checkInvoice, { body });
export const checkPasted = (text: string) => call(checkBatch, { body: { text } });
export const checkFile = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return call(checkBatchFile, { body: form });
};
export const downloadTemplate = () => download(checkBatchTemplate);
export const exportRecords = (query: ExportQuery) => download(exportCheckRecords, { query });

export const recordsQuery = (q: RecordQuery) =>
  queryOptions({
    queryKey: [...checkKeys.all, 'records', q],
    queryFn: ({ signal }) => call(listCheckRecords, { query: q, signal }),
    placeholderData: keepPreviousData,
  });

export const recordQuery = (id: number) =>
  queryOptions({
    queryKey: [...checkKeys.all, 'record', id],
    queryFn: ({ signal }) => call(getCheckRecord, { params: { id }, signal }),
  });
