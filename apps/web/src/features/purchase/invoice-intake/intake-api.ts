import { checkManualEntry, enterReceivedManually, uploadReceivedFiles } from '@fpy/contracts';
import { type CallBody, call } from '../../../lib/http.ts';

export type ManualBody = CallBody<typeof checkManualEntry>;

export const uploadFiles = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return call(uploadReceivedFiles, { body: form });
};
export const checkManual = (body: ManualBody, signal?: AbortSignal) =>
  call(checkManualEntry, { body, signal });
export const enterManual = (body: ManualBody) => call(enterReceivedManually, { body });
