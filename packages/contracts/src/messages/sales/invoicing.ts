import type { MessageText } from '../text.ts';

/** Issuing, review, voiding, printing, files, batches of invoices. */
export const invoicingMessages = {
  'NOT_FOUND.invoice': { zh: '发票不存在', en: 'The invoice does not exist' },
  'NOT_FOUND.application': { zh: '预开申请不存在', en: 'The pre-issue application does not exist' },
  'NOT_FOUND.invoices_gone': {
    zh: '所选发票中有发票不存在，请刷新后重试',
    en: 'Some of the chosen invoices no longer exist; please refresh and try again',
  },
  'NOT_FOUND.batch': { zh: '批次不存在', en: 'The batch does not exist' },
  INVOICE_NOT_PRINTABLE: {
    zh: '发票（流水号 {serial}）尚未开具，不能打印',
    en: 'Invoice (serial {serial}) has not been issued and cannot be printed',
  },
  INVOICE_FILE_NOT_AVAILABLE: {
    zh: '该发票尚未开具，没有版式文件',
    en: 'This invoice has not been issued and has no layout file',
  },
  INVOICE_INVALID: { zh: '{problem}', en: '{problem}' },
  'INVOICE_INVALID.remarks': {
    zh: '备注不能超过{max}个字符',
    en: 'The remarks must not exceed {max} characters',
  },
  INVOICE_TOTALS_MISMATCH: {
    zh: '合计与系统计算不一致：价税合计应为{total}元，合计金额{amount}元，合计税额{tax}元',
    en: 'The totals differ from the calculation: total with tax should be {total} yuan, amount {amount} yuan, tax {tax} yuan',
  },
  INVOICE_NOT_DRAFT: {
    zh: '只有草稿可以修改，该发票当前为{status}',
    en: 'Only a draft can be changed; this invoice is {status}',
  },
  'INVOICE_NOT_DRAFT.submit': {
    zh: '只有草稿可以提交开具，该发票当前为{status}',
    en: 'Only a draft can be submitted for issuing; this invoice is {status}',
  },
  INVOICE_NOT_DISCARDABLE: {
    zh: '只有草稿或开具失败的发票可以作废，该发票当前为{status}',
    en: 'Only a draft or a failed invoice can be discarded; this invoice is {status}',
  },
  'VALIDATION_FAILED.category_unknown': {
    zh: '发票分类不存在或不属于本企业（字段 categoryId）',
    en: 'The invoice category does not exist or belongs to another company (field categoryId)',
  },
  'VALIDATION_FAILED.category_disabled': {
    zh: '发票分类“{name}”已停用，请选择启用的分类（字段 categoryId）',
    en: 'The invoice category "{name}" is disabled; choose an enabled one (field categoryId)',
  },
  INVOICE_CATEGORY_IN_USE: {
    zh: '该分类下还有 {count} 张发票，不能删除；可停用该分类',
    en: 'This category still holds {count} invoices and cannot be deleted; disable it instead',
  },
  INVOICE_VOID_ELECTRONIC: {
    zh: '电子发票不能作废，请红冲',
    en: 'An electronic invoice cannot be voided; reverse it with a red-letter invoice',
  },
  INVOICE_VOID_RED: { zh: '红字发票不能在此作废', en: 'A red-letter invoice cannot be voided here' },
  INVOICE_VOID_STATUS: {
    zh: '只有已开具的发票可以作废，当前状态：{status}',
    en: 'Only an issued invoice can be voided; it is now {status}',
  },
  'INVOICE_VOID_STATUS.partly_red': {
    zh: '发票已部分红冲，不能作废',
    en: 'The invoice has been partly reversed and cannot be voided',
  },
  'INVOICE_VOID_STATUS.red': {
    zh: '发票已红冲，不能作废',
    en: 'The invoice has been reversed and cannot be voided',
  },
  'INVOICE_VOID_STATUS.void': { zh: '发票已作废，不能重复作废', en: 'The invoice is already void' },
  INVOICE_VOID_MONTH: {
    zh: '只能作废当月开具的发票（本发票开具于{month}月），跨月请红冲',
    en: 'Only invoices issued this month can be voided (this one was issued in month {month}); reverse it instead',
  },
  INVOICE_TRANSITION_INVALID: {
    zh: '发票状态不能从{from}变为{to}',
    en: 'An invoice cannot go from {from} to {to}',
  },
  INVOICE_STATE_CHANGED: {
    zh: '发票已不是{from}状态，请刷新后重试',
    en: 'The invoice is no longer {from}; please refresh and try again',
  },
  REVIEW_OWN_APPLICATION: {
    zh: '不能审核通过自己提交的预开申请，请由其他有审核权限的人员审核',
    en: 'You cannot approve your own pre-issue application; another reviewer must approve it',
  },
  REVIEW_ALREADY_DONE: {
    zh: '该申请已被{actor}{verb}（当前状态：{status}），请刷新后查看',
    en: 'This application was already {verb} by {actor} (now {status}); please refresh',
  },
  REVIEW_NOT_PENDING: {
    zh: '该发票当前为{status}状态，不是待审核的预开申请',
    en: 'This invoice is {status}, not a pre-issue application awaiting review',
  },
  EXPORT_TOO_MANY_ROWS: {
    zh: '符合条件的发票有{count}张，超过单次导出上限{max}张，请缩小查询范围（如开票日期）后再导出',
    en: '{count} invoices match, more than the export limit of {max}; please narrow the query (e.g. the issue date)',
  },
  INVOICE_NOT_ISSUED: {
    zh: '所选发票中有{count}张尚未开具，没有PDF文件',
    en: '{count} of the chosen invoices have not been issued and have no PDF',
  },
  ZIP_TOO_MANY_INVOICES: {
    zh: '符合条件的已开具发票有{count}张，按条件打包一次最多{max}张，请缩小查询范围',
    en: '{count} issued invoices match; at most {max} can be packed by query at once; please narrow the query',
  },
  ZIP_NOTHING_TO_PACK: {
    zh: '没有符合条件的已开具发票可以打包',
    en: 'No issued invoices match the query',
  },
  BATCH_ALREADY_STARTED: { zh: '该批次已开具，不能重复开具', en: 'This batch has already been issued' },
  BATCH_NOTHING_TO_ISSUE: {
    zh: '该批次没有校验通过的发票，请修改文件后重新上传',
    en: 'This batch has no valid invoices; please fix the file and upload it again',
  },
  PRINTER_DUPLICATE: { zh: '打印机“{name}”已存在', en: 'The printer "{name}" already exists' },
  OPENER_DUPLICATE: {
    zh: '{role}“{name}”在{scope}已存在',
    en: '{role} "{name}" already exists in {scope}',
  },
} as const satisfies Record<string, MessageText>;

/** Red-letter confirmation forms and red invoices. */
export const redLetterMessages = {
  'NOT_FOUND.blue_number': {
    zh: '未找到该发票，请核对发票号码',
    en: 'No such invoice; please check the invoice number',
  },
  'NOT_FOUND.blue': { zh: '蓝字发票不存在', en: 'The blue invoice does not exist' },
  'NOT_FOUND.red_form': { zh: '确认单不存在', en: 'The confirmation form does not exist' },
  QUICK_RED_NEEDS_CONFIRMATION: {
    zh: '该蓝字发票已被购买方用途确认或入账，不能快捷红冲，请填开确认单并待购买方确认后开具红字发票',
    en: 'The buyer has confirmed or booked this blue invoice, so it cannot be reversed at once; fill in a confirmation form and issue the red invoice after the buyer confirms',
  },
  RED_BLUE_INVALID: { zh: '发票尚未开具', en: 'The invoice has not been issued' },
  'RED_BLUE_INVALID.not_blue': {
    zh: '所选发票不是蓝字发票，不能红冲',
    en: 'The chosen invoice is not a blue invoice and cannot be reversed',
  },
  'RED_BLUE_INVALID.status': {
    zh: '只有已开具或部分红冲的蓝字发票可以红冲',
    en: 'Only issued or partly reversed blue invoices can be reversed',
  },
  RED_FORM_APPLYING: {
    zh: '确认单尚在向税局申请中，请稍后再试',
    en: 'The confirmation form is still being applied for at the tax bureau; please try again later',
  },
  RED_FORM_CLOSED: {
    zh: '确认单已作废或已开具红字发票，不能再操作',
    en: 'The confirmation form is void or already used for a red invoice',
  },
  RED_FORM_IN_USE: {
    zh: '确认单已用于开具红字发票，不能撤销',
    en: 'The confirmation form was used for a red invoice and cannot be revoked',
  },
  RED_FORM_UNUSABLE: {
    zh: '确认单状态为“{state}”，不可开具红字发票',
    en: 'The confirmation form is "{state}"; no red invoice can be issued from it',
  },
  RED_FORM_REFUSED: { zh: '{reason}', en: '{reason}' },
  RED_FORM_INVALID: { zh: '{problem}', en: '{problem}' },
  'RED_FORM_INVALID.nothing_left': {
    zh: '该蓝字发票已无可红冲金额',
    en: 'Nothing of this blue invoice is left to reverse',
  },
  'RED_FORM_INVALID.line_missing': {
    zh: '蓝字发票第{line}行不存在',
    en: 'Line {line} of the blue invoice does not exist',
  },
  'RED_FORM_INVALID.line_repeated': {
    zh: '蓝字发票第{line}行重复填写',
    en: 'Line {line} of the blue invoice is given twice',
  },
  'RED_FORM_INVALID.line_nothing_left': {
    zh: '蓝字发票第{line}行已无可红冲金额',
    en: 'Nothing of line {line} of the blue invoice is left to reverse',
  },
  'RED_FORM_INVALID.discount_quantity': {
    zh: '蓝字发票第{line}行：销售折让不填写数量，请只填写折让金额',
    en: 'Line {line} of the blue invoice: a sales discount takes no quantity; give the discount amount only',
  },
  'RED_FORM_INVALID.no_quantity': {
    zh: '蓝字发票第{line}行没有数量，请填写红冲金额',
    en: 'Line {line} of the blue invoice has no quantity; give the amount to reverse',
  },
  'RED_FORM_INVALID.quantity_zero': {
    zh: '蓝字发票第{line}行红冲数量须大于0',
    en: 'Line {line} of the blue invoice: the quantity to reverse must be above 0',
  },
  'RED_FORM_INVALID.quantity_over': {
    zh: '蓝字发票第{line}行红冲数量{quantity}超过可红冲数量{remaining}',
    en: 'Line {line} of the blue invoice: quantity {quantity} is more than the {remaining} left to reverse',
  },
  'RED_FORM_INVALID.quantity_amount': {
    zh: '蓝字发票第{line}行：红冲数量×单价为{fromQuantity}元，与红冲金额{amount}元不符',
    en: 'Line {line} of the blue invoice: quantity × unit price is {fromQuantity} yuan, not the amount {amount} yuan',
  },
  'RED_FORM_INVALID.amount_missing': {
    zh: '请填写蓝字发票第{line}行的红冲金额或数量',
    en: 'Please give the amount or quantity to reverse for line {line} of the blue invoice',
  },
  'RED_FORM_INVALID.amount_zero': {
    zh: '蓝字发票第{line}行红冲金额须大于0',
    en: 'Line {line} of the blue invoice: the amount to reverse must be above 0',
  },
  'RED_FORM_INVALID.amount_over': {
    zh: '蓝字发票第{line}行红冲金额{amount}元超过可红冲金额{remaining}元',
    en: 'Line {line} of the blue invoice: {amount} yuan is more than the {remaining} yuan left to reverse',
  },
  'RED_FORM_INVALID.partial_issue_error': {
    zh: '开票有误须全额红冲，不能部分红冲',
    en: 'An invoicing error must be reversed in full, not in part',
  },
} as const satisfies Record<string, MessageText>;
