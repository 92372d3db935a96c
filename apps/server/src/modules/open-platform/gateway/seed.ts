/** The demo company (seed/demo-data.ts) the demo apps act for. */
export const DEMO_TAX_NO = '91310115MA1K4GDM05';

/**
 * Demo credentials (README): an enterprise-own app of the demo company and an ISV app it licensed. Known values
 * so the docs' try-it console, the tests and the bench can sign; a production installation disables or resets
 * them (the console's 重置密钥).
 */
export const DEMO_OPEN_APPS = {
  own: {
    appKey: 'ak_DemoErpApp0000000001',
    appSecret: 'DemoErpSecret000000000000000000000000001',
    name: '演示ERP对接',
    callbackUrl: 'https://erp.demo.example/fapiao/callback',
  },
  isv: {
    appKey: 'ak_DemoIsvApp0000000001',
    appSecret: 'DemoIsvSecret000000000000000000000000002',
    name: '云票通SaaS',
    callbackUrl: null,
  },
} as const;

/** The interface groups the demo apps may call (and the ISV's licence scopes). */
export const DEMO_OPEN_GROUPS = ['output-invoice', 'input-invoice', 'electronic-invoice'];
