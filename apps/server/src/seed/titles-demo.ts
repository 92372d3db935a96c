import type { Db } from '@fpy/db';
import { learnCompanies, saveTitleSettings } from '../modules/self-service/titles/index.ts';

/**
 * The demo company's title-scan settings (issue 30) and a short list of companies the platform "knows", so the
 * buyer's title search shows both sources on a fresh start. Fictitious companies; their credit codes carry
 * valid check characters. Through the titles module's face, inside the demo seed's transaction.
 */
export const KNOWN_COMPANIES_DEMO = [
  { name: '上海蓝鲸网络科技有限公司', taxNumber: '91310000MA1G8XQ71G' },
  { name: '北京朝阳启明商贸有限公司', taxNumber: '91110105MA00K2HT1Y' },
  { name: '深圳南山微光电子有限公司', taxNumber: '91440300MA5G3N8W1D' },
  { name: '杭州西湖云栖软件有限公司', taxNumber: '91330100MA2H7QLP1L' },
  { name: '成都天府餐饮管理有限公司', taxNumber: '91510100MA6C9YRU11' },
  { name: '苏州姑苏文旅发展有限公司', taxNumber: '91320500MA1W4KJD1A' },
  { name: '武汉江城物流有限公司', taxNumber: '91420100MA4KX3NB1A' },
  { name: '西安古城酒店管理有限公司', taxNumber: '91610131MA6U2WEF1U' },
  { name: '青岛海风贸易有限公司', taxNumber: '91370200MA3R5TGH17' },
  { name: '重庆山城停车服务有限公司', taxNumber: '91500000MA60D1CX1E' },
];

export async function seedTitlesDemo(db: Db, tenantId: number) {
  const ctx = { db, actor: null, ip: null };
  await saveTitleSettings(ctx, tenantId, {
    scanTitle: {
      fields: { email: 'optional', mobile: 'optional', remarks: 'optional', addressBank: 'optional' },
      invoiceTypes: ['digital_ordinary', 'digital_special'],
      defaultInvoiceType: 'digital_ordinary',
      naturalPersonAllowed: true,
      approval: { mode: 'auto_below', capFen: 1_000_00 },
      channels: ['sms', 'email'],
    },
  });
  await saveTitleSettings(ctx, tenantId, {
    scanInvoice: {
      enabled: true,
      titleSearch: true,
      titleUpload: true,
      rememberTitles: true,
      shopName: '演示科技 · 张江店',
      welcome: '扫码自助开票，提交后约1分钟开具',
      notice: '请如实填写发票抬头；专用发票须填写税号。\n开具后发票将发送到您填写的手机或邮箱。',
      contactPhone: '021-58880000',
    },
  });
  await learnCompanies(db, KNOWN_COMPANIES_DEMO, 'seed');
}
