import { describe, expect, it } from 'vitest';
import { api, multipart, newCreditCode, PNG_BYTES, SVG_SCRIPT, upload } from './base-helpers.ts';
import { useTestApp } from '../harness.ts';

const app = useTestApp();

const company = (o: Record<string, unknown> = {}) => ({
  name: '演示科技有限公司',
  creditCode: '91310115MA1K4GDM05',
  address: '上海市浦东新区张江路99号',
  phone: '021-58880001',
  bank: '招商银行上海张江支行',
  account: '121909876510001',
  ...o,
});

describe('company information', () => {
  it('reads and saves the caller’s own company only', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const brand = await app().login('brand', 'Brand@123');
    expect((await api(app(), demo, 'GET', '/api/admin/company')).json()).toMatchObject({
      name: '演示科技有限公司',
      tenantCode: 'T0001',
    });
    expect((await api(app(), brand, 'GET', '/api/admin/company')).json()).toMatchObject({
      name: '品牌定制集团有限公司',
      tenantType: 5,
    });

    const saved = await api(app(), demo, 'PUT', '/api/admin/company', company());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ address: '上海市浦东新区张江路99号', creditCodeWarning: null });
    // The profile shows the change at once (its cache is dropped).
    expect((await api(app(), demo, 'GET', '/api/admin/user/front/info')).json().companyAddress).toBe(
      '上海市浦东新区张江路99号',
    );

    // Tenant B saving never touches tenant A, and cannot take A's credit code.
    const stolen = await api(
      app(),
      brand,
      'PUT',
      '/api/admin/company',
      company({ name: '品牌定制集团有限公司' }),
    );
    expect(stolen.json().code).toBe('CREDIT_CODE_TAKEN');
    await api(
      app(),
      brand,
      'PUT',
      '/api/admin/company',
      company({ name: '品牌定制集团有限公司', creditCode: '91440300MA5FPX7Q2H', address: 'B 的地址' }),
    );
    expect((await api(app(), demo, 'GET', '/api/admin/company')).json().address).toBe(
      '上海市浦东新区张江路99号',
    );

    const warn = await api(
      app(),
      demo,
      'PUT',
      '/api/admin/company',
      company({ creditCode: '91350100M0001TGQXM' }),
    );
    expect(warn.json().creditCodeWarning).toMatch(/校验位/);
    expect(
      (await api(app(), demo, 'PUT', '/api/admin/company', company({ creditCode: 'nope' }))).json().code,
    ).toBe('CREDIT_CODE_MALFORMED');
  });

  it('lets only the tenant administrator save, and platform accounts have no company', async () => {
    const clerk = await app().login('clerk', 'Clerk@123');
    expect((await api(app(), clerk, 'GET', '/api/admin/company')).statusCode).toBe(200);
    const refused = await api(app(), clerk, 'PUT', '/api/admin/company', company());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().status).toBe(40301);
    const admin = await app().login('admin', 'Admin@123');
    expect((await api(app(), admin, 'GET', '/api/admin/company')).json()).toMatchObject({
      status: 400,
      code: 'NO_COMPANY',
    });
    expect(
      (await api(app(), admin, 'PUT', '/api/admin/company', company({ creditCode: newCreditCode() })))
        .statusCode,
    ).toBe(400);
  });
});

describe('enterprise branding and theme', () => {
  it('returns the logo envelope for every account', async () => {
    const brand = await app().login('brand', 'Brand@123');
    expect((await api(app(), brand, 'GET', '/api/admin/enterpriseParameterSetting?x=1')).json()).toEqual({
      code: '0',
      content: { logoUrl: '/uploads/seed/brand-logo.png', titleImageUrl: null },
    });
    const admin = await app().login('admin', 'Admin@123');
    expect((await api(app(), admin, 'GET', '/api/admin/enterpriseParameterSetting')).json()).toEqual({
      code: '0',
      content: { logoUrl: null, titleImageUrl: null },
    });
  });

  it('lets a customised company’s administrator upload the logo and title image', async () => {
    const brand = await app().login('brand', 'Brand@123');
    const logo = await upload(
      app(),
      brand,
      '/api/admin/v1/parameterSetting/enterpriseLogoUpload',
      multipart({ name: 'l.png', data: PNG_BYTES }),
    );
    expect(logo.statusCode).toBe(200);
    expect(logo.json()).toMatchObject({
      code: '0',
      content: { logoUrl: expect.stringMatching(/^\/uploads\/.+\.png$/) },
    });
    // kind after the file still counts: fields are read in any order.
    const title = await upload(
      app(),
      brand,
      '/api/admin/v1/parameterSetting/enterpriseLogoUpload',
      multipart({ name: 't.png', data: PNG_BYTES }, { kind: 'title' }),
    );
    expect(title.json().content.titleImageUrl).toMatch(/\.png$/);
    expect(title.json().content.logoUrl).toBe(logo.json().content.logoUrl);
    const viaTitleProp = await upload(
      app(),
      brand,
      '/api/systemmanager/titleProp/uploadImgs',
      multipart({ name: 't2.png', data: PNG_BYTES }),
    );
    expect(viaTitleProp.json().content.titleImageUrl).not.toBe(title.json().content.titleImageUrl);
    const info = (await api(app(), brand, 'GET', '/api/admin/user/front/info')).json();
    expect(info.logoUrl).toBe(logo.json().content.logoUrl);

    const svg = await upload(
      app(),
      brand,
      '/api/admin/v1/parameterSetting/enterpriseLogoUpload',
      multipart({ name: 'x.svg', data: SVG_SCRIPT }),
    );
    // An SVG is rendered to a PNG the product writes: its script does not survive (uploads-hostile.test.ts).
    expect(svg.statusCode).toBe(200);
    const svgLogo = svg.json().content.logoUrl as string;
    expect(svgLogo).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const svgServed = await app().app.inject({ url: svgLogo });
    expect(svgServed.headers['content-type']).toBe('image/png');
    expect(svgServed.rawPayload.includes('script')).toBe(false);
    const gif = await upload(
      app(),
      brand,
      '/api/admin/v1/parameterSetting/enterpriseLogoUpload',
      multipart({ name: 'x.gif', data: Buffer.from('GIF89a......') }),
    );
    expect(gif.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
  });

  it('refuses uploads from other companies and from non-administrators', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const res = await upload(
      app(),
      demo,
      '/api/admin/v1/parameterSetting/enterpriseLogoUpload',
      multipart({ name: 'l.png', data: PNG_BYTES }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('定制企业');
    const clerk = await app().login('clerk', 'Clerk@123');
    expect(
      (
        await upload(
          app(),
          clerk,
          '/api/systemmanager/titleProp/uploadImgs',
          multipart({ name: 'l.png', data: PNG_BYTES }),
        )
      ).statusCode,
    ).toBe(403);
  });

  it('keeps a theme per user', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const clerk = await app().login('clerk', 'Clerk@123');
    expect((await api(app(), demo, 'GET', '/api/systemmanager/titleProp/getTitleProp')).json()).toEqual({
      primaryColor: '#1677ff',
      dark: false,
    });
    const saved = await api(app(), demo, 'POST', '/api/systemmanager/titleProp', {
      primaryColor: '#13A8A8',
      dark: true,
    });
    expect(saved.json()).toEqual({ primaryColor: '#13a8a8', dark: true });
    await api(app(), demo, 'POST', '/api/systemmanager/titleProp', { primaryColor: '#722ed1', dark: true });
    expect((await api(app(), demo, 'GET', '/api/systemmanager/titleProp/getTitleProp')).json()).toEqual({
      primaryColor: '#722ed1',
      dark: true,
    });
    expect(
      (await api(app(), clerk, 'GET', '/api/systemmanager/titleProp/getTitleProp')).json().primaryColor,
    ).toBe('#1677ff');
    expect(
      (await api(app(), demo, 'POST', '/api/systemmanager/titleProp', { primaryColor: 'red', dark: false }))
        .statusCode,
    ).toBe(400);
  });
});
