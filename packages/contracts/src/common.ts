import { z } from 'zod';

/** Error body of every non-2xx reply: numeric status (spec §8), stable code, message in the user's language. */
export const errorReply = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  details: z.unknown().optional(),
});
export type ErrorReply = z.infer<typeof errorReply>;

export const okReply = z.object({ ok: z.literal(true) });

/** Ids travel as positive integers; query strings arrive as text. */
export const idSchema = z.coerce.number().int().positive();
export const idParams = z.object({ id: idSchema });

/** Lists: ?page=1&limit=20&sort=-createdAt&<filters> → { rows, total }. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(20),
  sort: z.string().max(64).optional(),
});

export function pageReply<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number().int() });
}

/** Free text as typed in the console: trimmed, at most 255 characters unless a field says otherwise (spec §9). */
export const text = (max = 255) => z.string().trim().max(max);
export const optionalText = (max = 255) => z.string().trim().max(max).optional().nullable();

/** One problem of one spreadsheet row (row numbers as the user sees them in Excel). */
export const rowIssue = z.object({ rowNumber: z.number().int(), message: z.string() });

/** Row-by-row outcome of every Excel import; a report may add fields (skipped rows, warnings). */
export const importReport = z.object({
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  errors: z.array(rowIssue),
});
export type ImportReport = z.infer<typeof importReport>;

export const isoDate = z
  .string()
  .datetime({ offset: true })
  .or(z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/));

/** A day picked in the console's date filters: yyyy-MM-dd in Asia/Shanghai (spec §9 presets). */
export const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 yyyy-MM-dd');
