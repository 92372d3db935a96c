import { z } from 'zod';
import { okReply, text } from '../common.ts';
import { defineRoute } from '../route.ts';

// Collectors send numbers or strings for the same field; both are kept, bounded in size and free of control
// characters (a NUL inside stored JSON is refused by PostgreSQL: a 400 here, never a 500 there).
const short = z
  .union([text(255), z.number()])
  .optional()
  .nullable();
const long = z
  .union([text(1024), z.number()])
  .optional()
  .nullable();

/** Spec §3 tracking event. Unknown keys are stripped, so the stored JSON stays bounded. */
export const trackingEventBody = z.object({
  businessCode: z.literal('dataBuriedPoint'),
  sessionId: text(255).optional().nullable(),
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

export const TRACKING_BODY_LIMIT = 8 * 1024;

export const userEventTrans = defineRoute({
  method: 'POST',
  path: '/v1/userEventTrans',
  permission: 'public',
  tag: 'tracking',
  /** Anonymous and chatty: its own per-IP budget, larger than sign-up's but bounded. */
  rateLimited: 'events',
  /** A real event is under 2 KB; the fields' own limits add up to about 6 KB. */
  bodyLimit: TRACKING_BODY_LIMIT,
  summary: '埋点事件 (带令牌时记录用户与企业；按 IP 限流，请求体不超过 8 KB)',
  body: trackingEventBody,
  reply: okReply,
});
