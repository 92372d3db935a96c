/**
 * The signing guide's worked examples (issue 32): fixed secret, timestamp, nonce and body → the exact string to
 * sign and signature. The docs pages render them; apps/server/test/open-platform/signing.test.ts proves the
 * server's signer gives exactly these. The secret is the demo enterprise app's (seeded, README), so a reader can
 * reproduce them with any HMAC tool:
 *   printf '%s' "$STRING_TO_SIGN" | openssl dgst -sha256 -hmac "$APP_SECRET"
 */
export interface OpenSigningExample {
  title: { zh: string; en: string };
  appKey: string;
  appSecret: string;
  method: 'GET' | 'POST';
  /** Path and query exactly as sent. */
  url: string;
  /** The raw body as sent ('' for none). */
  body: string;
  timestamp: string;
  nonce: string;
  canonicalQuery: string;
  bodySha256: string;
  stringToSign: string;
  signature: string;
}

const appKey = 'ak_DemoErpApp0000000001';
const appSecret = 'DemoErpSecret000000000000000000000000001';

export const OPEN_SIGNING_EXAMPLES: readonly OpenSigningExample[] = [
  {
    title: { zh: '开具发票（POST，带请求体）', en: 'Issue an invoice (POST with a body)' },
    appKey,
    appSecret,
    method: 'POST',
    url: '/openapi/v1/invoices',
    body: '{"clientSerial":"ERP-20251129-0001","type":"digital_ordinary","pricingMode":"exclusive","buyer":{"name":"上海云帆信息技术有限公司","taxNumber":"91310104MA1FR8KX39"},"lines":[{"name":"*信息技术服务*接口服务费","taxCode":"1060301020100000000","unit":"次","quantity":"2","unitPrice":"100","rate":"rate_13"}],"totals":{"amountFen":20000,"taxFen":2600,"totalFen":22600}}',
    timestamp: '1764374400',
    nonce: '5f2b8c1e9a7d4e30',
    canonicalQuery: '',
    bodySha256: 'a64c2db85ff3f71a7626cc07c4dadce75b794710a345343e05fc2555ea508a62',
    stringToSign:
      'POST\n/openapi/v1/invoices\n\na64c2db85ff3f71a7626cc07c4dadce75b794710a345343e05fc2555ea508a62\n1764374400\n5f2b8c1e9a7d4e30',
    signature: '0a0d78094a11b6dc2052ed09ab69f07ea785b16472feebd2ea7a1a87ec2b40f9',
  },
  {
    title: { zh: '查询发票（GET，查询串排序）', en: 'Query invoices (GET, the query sorted)' },
    appKey,
    appSecret,
    method: 'GET',
    url: '/openapi/v1/invoices?status=issued&page=1&limit=20',
    body: '',
    timestamp: '1764374400',
    nonce: 'c0ffee0ddba11cafe',
    canonicalQuery: 'limit=20&page=1&status=issued',
    bodySha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    stringToSign:
      'GET\n/openapi/v1/invoices\nlimit=20&page=1&status=issued\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\n1764374400\nc0ffee0ddba11cafe',
    signature: '6a4047224fd733c05c55b3106ba7b1ee14c247ec97507232ce27b2c9fbb0ae46',
  },
];
