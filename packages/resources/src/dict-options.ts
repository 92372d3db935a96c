import { defineRoute, text } from '@fpy/contracts';
import { z } from 'zod';

export const dictOption = z.object({ value: z.string(), labelZh: z.string(), labelEn: z.string() });
export type DictOption = z.infer<typeof dictOption>;

/** Any logged-in user's forms read dictionaries for their select options: enabled items, in order. */
export const getDictOptions = defineRoute({
  method: 'GET',
  path: '/api/admin/dict/{typeCode}',
  permission: 'authenticated',
  tag: 'dict',
  summary: '数据字典：按类型编码取启用的字典项',
  params: z.object({ typeCode: text(64, '字典类型编码').min(1, '请指定字典类型编码') }),
  reply: z.array(dictOption),
});
