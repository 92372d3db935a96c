import { local, UPLOAD_LABELS_EN } from '@fpy/contracts';
import type { FastifyRequest } from 'fastify';
import { refuseNul } from '../http/validate.ts';
import { badRequest } from './errors.ts';

export interface Upload {
  fileName: string;
  mime: string;
  data: Buffer;
  /** Text fields sent with the file, in whichever order the client put them (each cut to 255 characters). */
  fields: Record<string, string>;
}

/**
 * Reads one uploaded file (field `file`, else the first file part) plus text fields, keeping at most `maxBytes`.
 * The file stream is drained fully so the request completes, and a larger file is refused with a message naming
 * `label` and the limit rather than cut short and half-read. `label` is the Chinese name of what is expected
 * (图片, Excel 文件, 编码表文件).
 */
export async function readUpload(req: FastifyRequest, maxBytes: number, label: string): Promise<Upload> {
  const what = local(label, UPLOAD_LABELS_EN[label] ?? 'file');
  if (!req.isMultipart()) throw badRequest('FILE_REQUIRED.multipart', { label: what });
  const tooLarge = () =>
    badRequest('FILE_TOO_LARGE', { label: what, mb: Math.round(maxBytes / 1024 / 1024) });
  const fields: Record<string, string> = {};
  let upload: Omit<Upload, 'fields'> | null = null;
  let tooBig = false;
  // A NUL byte cannot be stored as text: the first field (or file name) holding one is refused after the
  // request has been read to its end, like any other refusal here.
  let nulIn: string | null = null;
  const hasNul = (s: string | undefined) => !!s?.includes('\u0000');
  try {
    for await (const part of req.parts()) {
      if (hasNul(part.fieldname)) nulIn ??= 'fieldname';
      if (part.type === 'field') {
        if (typeof part.value === 'string') {
          if (hasNul(part.value)) nulIn ??= part.fieldname;
          fields[part.fieldname] = part.value.slice(0, 255);
        }
        continue;
      }
      // The file's field is named (not a text of one language): the NUL is in that field's file name.
      if (hasNul(part.filename)) nulIn ??= part.fieldname;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file) {
        size += chunk.length;
        if (size <= maxBytes) chunks.push(chunk);
      }
      if (size > maxBytes || part.file.truncated) tooBig = true;
      if (part.fieldname === 'file' || !upload)
        upload = {
          fileName: (part.filename ?? 'upload').slice(0, 255),
          mime: part.mimetype,
          data: Buffer.concat(chunks),
        };
    }
  } catch (err) {
    // Past the server-wide multipart cap busboy errors instead of ending the stream: same answer as our limit.
    const e = err as { code?: string; statusCode?: number };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413) throw tooLarge();
    // The plugin's own refusals (too many parts, a wrong content type) carry a 4xx the error handler answers.
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) throw err;
    // Anything else here is busboy failing to parse what the client sent (a body cut off before its closing
    // boundary, a malformed part header): the request's fault, never a server error.
    throw badRequest('UPLOAD_MALFORMED');
  }
  if (nulIn) throw refuseNul([nulIn], 'multipart');
  if (tooBig) throw tooLarge();
  if (!upload || upload.data.length === 0) throw badRequest('FILE_REQUIRED', { label: what });
  return { ...upload, fields };
}
