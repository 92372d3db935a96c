import { z } from 'zod';
import { okReply } from '../common.ts';
import { defineRoute } from '../route.ts';

// Collectors send numbers or strings for the same field; both are kept, bounded in size.
const short = z
  .union([z.string().max(255), z.number()])
  .optional()
  .nullable();
const long = z
  .union([z.string().max(1024), z.number()])
  .optional()
  .nullable();

/** Spec §3 tracking event. Unknown keys are stripped, so the stored JSON stays bounded. */
export const trackingEventBody = z.object({
  businessCode: z.literal('dataBuriedPoint'),
  sessionId: z.string().max(255).optional().nullable(),
  /** yyyyMMddHHmmss */
  operationDate: z
    .string()
    .regex(/^\d{14}$/, '时间格式应为 yyyyMMddHHmmss')
    .optional()
    .nullable(),
  deviceContent: z
    .object({
      os_name: short,
      os_version: short,
      screen_height: short,
      screen_width: short,
      browser_name: short,
      browser_version: short,
      ip: short,
      city: short,
      clienttime: short,
    })
    .optional()
    .nullable(),
  businessContent: z
    .object({
      product: short,
      user_id: short,
      eventType: short,
      event: short,
      serialNumber: short,
      url_path: long,
      pageName: short,
      view_dur: short,
      startTime: short,
      endTime: short,
    })
    .optional()
    .nullable(),
});

export const userEventTrans = defineRoute({
  method: 'POST',
  path: '/v1/userEventTrans',
  permission: 'public',
  tag: 'tracking',
  summary: '埋点事件 (带令牌时记录用户与企业)',
  body: trackingEventBody,
  reply: okReply,
});
