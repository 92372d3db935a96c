import { blankText, smsMobile } from '@fpy/contracts';
import { z } from 'zod';
import { defineResource } from '../../define.ts';

const KINDS = [
  { value: 'black', zh: '黑名单', en: 'Blacklist' },
  { value: 'white', zh: '白名单', en: 'Whitelist' },
];

/**
 * 黑白名单 (/smsMessage/smsControlList): the platform-wide entries (tenant_id null). A blacklisted number is
 * never sent to; a whitelisted one skips the frequency limits, not the blacklist. A number is on a list once
 * (the database's unique constraint; a server hook names the list in the message). Companies keep their own whitelist on /invoicePlat/smsWhite (smsWhiteMeta).
 */
export const smsControlsMeta = defineResource({
  name: 'smsControls',
  title: { zh: '黑白名单', en: 'SMS blacklist / whitelist' },
  menuCode: 'smsControlList',
  tenantScoped: false,
  platformOnly: true,
  basePath: '/api/admin/delivery/sms-controls',
  tag: 'sms-admin',
  actions: ['list', 'get', 'create', 'update', 'delete', 'deleteMany', 'export', 'import', 'template'],
  defaultSort: '-createdAt',
  importNotes: [
    {
      zh: '名单类型填“黑名单”或“白名单”；手机号须为11位中国大陆手机号码。',
      en: 'List: 黑名单 (blacklist) or 白名单 (whitelist); mobile: an 11-digit mainland number.',
    },
  ],
  fields: {
    kind: {
      label: { zh: '名单类型', en: 'List' },
      type: 'string',
      schema: z.enum(['black', 'white']),
      filter: 'select',
      options: KINDS,
      width: 110,
    },
    mobile: {
      label: { zh: '手机号', en: 'Mobile' },
      type: 'string',
      schema: smsMobile,
      filter: 'text',
      sortable: true,
      width: 150,
      // Once per list and owner (a unique constraint with the kind and the owner; the hook words the message).
      unique: true,
    },
    remark: { label: { zh: '备注', en: 'Remark' }, type: 'string', schema: blankText(200, '备注') },
    createdAt: {
      label: { zh: '加入时间', en: 'Added at' },
      type: 'datetime',
      filter: 'dateRange',
      sortable: true,
      width: 170,
    },
  },
});

/**
 * 短信白名单 (/invoicePlat/smsWhite): a company's own whitelist, in the same table (kind 'white', its
 * tenant_id). Its numbers skip the frequency limits for that company's messages only.
 */
export const smsWhiteMeta = defineResource({
  name: 'smsWhite',
  title: { zh: '短信白名单', en: 'SMS whitelist' },
  menuCode: 'smsWhite',
  tenantScoped: true,
  basePath: '/api/admin/delivery/sms-white',
  tag: 'sms-admin',
  actions: ['list', 'get', 'create', 'update', 'delete', 'deleteMany', 'export'],
  defaultSort: '-createdAt',
  fields: {
    mobile: {
      label: { zh: '手机号', en: 'Mobile' },
      type: 'string',
      schema: smsMobile,
      filter: 'text',
      sortable: true,
      width: 150,
      // Once per list and owner (a unique constraint with the kind and the owner; the hook words the message).
      unique: true,
    },
    remark: { label: { zh: '备注', en: 'Remark' }, type: 'string', schema: blankText(200, '备注') },
    tenantName: { label: { zh: '企业名称', en: 'Company' }, type: 'string', width: 200 },
    createdAt: {
      label: { zh: '加入时间', en: 'Added at' },
      type: 'datetime',
      sortable: true,
      width: 170,
    },
  },
});
