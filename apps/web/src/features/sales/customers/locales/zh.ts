/** Only the widgets' own texts: labels, buttons and messages come from the metadata and crud/. */
export default {
  customers: {
    checksum: '统一社会信用代码校验位不符（应为 {{expected}}），仍可保存，请核对',
    malformed: '格式不正确：应为15、17、18或20位大写字母或数字',
    taxNumberRequired: '企业客户必须填写纳税人识别号',
  },
};
