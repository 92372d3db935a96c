import type { FaceData, FaceLine } from '../../src/modules/sales/invoice-files/face-data.ts';

/** An issued face as the sales side renders it: the real input of the received-invoice parsers. */
export function sampleFace(over: Partial<FaceData['invoice']> = {}, lineCount = 1): FaceData {
  const line = (i: number): FaceLine => ({
    lineNo: i + 1,
    kind: 'normal',
    name: `*软件维护服务*接口服务费${i + 1}`,
    spec: 'V2',
    unit: '次',
    quantity: '2',
    unitPrice: '100',
    unitPriceExclusive: '100',
    policy: null,
    rate: 'rate_13',
    amountFen: 20_000,
    taxFen: 2_600,
  });
  return {
    invoice: {
      id: 1,
      tenantId: 1,
      type: 'digital_special',
      colour: 'blue',
      number: '24312000000136634917',
      issuedAt: new Date('2024-05-14T02:20:30Z'),
      sellerName: '上海供应商科技有限公司',
      sellerCreditCode: '91310115MA1K4GDM05',
      sellerAddress: null,
      sellerPhone: null,
      sellerBank: null,
      sellerAccount: null,
      buyerName: '演示 <信息> & "技术" 有限公司',
      buyerTaxNumber: '91310104MA1FR8KX39',
      buyerAddress: null,
      buyerPhone: null,
      buyerBank: null,
      buyerAccount: null,
      remarks: '合同号 A&B<1>',
      drawer: '演示管理员',
      payee: null,
      reviewer: null,
      amountFen: 20_000 * lineCount,
      taxFen: 2_600 * lineCount,
      totalFen: 22_600 * lineCount,
      status: 'issued',
      blueNumber: null,
      checkCode: null,
      specialLabel: null,
      ...over,
    },
    lines: Array.from({ length: lineCount }, (_, i) => line(i)),
  };
}
