import type { MessageText } from '../text.ts';

/**
 * Received-invoice intake (issue 31 §2, §5, lane FILES): each file of an upload gets a row-level result; a
 * refusal names the file ({file}) and says what to do.
 */
export const invoiceIntakeMessages = {
  'TENANT_REQUIRED.intake': {
    zh: '收录进项发票须以企业用户登录',
    en: 'Collecting received invoices needs a company user',
  },
  'INTAKE_FILE.unknown_format': {
    zh: '文件「{file}」不是可识别的发票文件（支持数电 XML、PDF、OFD、二维码图片 PNG/JPG 及其 ZIP 压缩包）',
    en: 'File "{file}" is not a recognised invoice file (digital e-invoice XML, PDF, OFD, QR images PNG/JPG, or a ZIP of them)',
  },
  'INTAKE_FILE.broken': {
    zh: '文件「{file}」已损坏或不完整，无法读取，请重新下载原文件后上传',
    en: 'File "{file}" is damaged or incomplete and cannot be read; download the original again and upload it',
  },
  'INTAKE_FILE.encrypted': {
    zh: '文件「{file}」设置了密码保护，无法读取，请上传未加密的原文件',
    en: 'File "{file}" is password-protected and cannot be read; upload the unencrypted original',
  },
  'INTAKE_FILE.too_large': {
    zh: '文件「{file}」超过 {mb} MB，不是发票文件的正常大小',
    en: 'File "{file}" exceeds {mb} MB, more than an invoice file should be',
  },
  'INTAKE_FILE.archive_refused': {
    zh: '压缩包「{file}」被拒绝：解压后过大、压缩比异常、文件数过多或已损坏（最多 {max} 个文件）',
    en: 'Archive "{file}" was refused: it unpacks too large, compresses suspiciously, holds too many files or is damaged (at most {max} files)',
  },
  'INTAKE_FILE.no_fields': {
    zh: '文件「{file}」中未找到发票号码、开票日期和金额，不是发票版式文件',
    en: 'File "{file}" has no invoice number, date and amount: it is not an invoice layout file',
  },
  'INTAKE_FILE.no_qr': {
    zh: '图片「{file}」中未识别到发票二维码，请上传清晰、完整的二维码图片',
    en: 'No invoice QR code was found in image "{file}"; upload a clear picture of the whole QR code',
  },
  'INTAKE_FILE.other_buyer': {
    zh: '文件「{file}」的购买方税号 {taxNumber} 不是本企业的税号，不能收录',
    en: 'The buyer tax number {taxNumber} of file "{file}" is not one of this company\'s; it cannot be collected',
  },
  'INTAKE_FILE.not_found': {
    zh: '文件「{file}」：税务机关查无此票（发票号码 {number}），请核对是否为真实发票',
    en: 'File "{file}": the tax authority does not know this invoice (number {number}); check that it is genuine',
  },
  'INTAKE_FILE.mismatch': {
    zh: '文件「{file}」：与税务机关记录不一致（{fields}），可能被篡改',
    en: 'File "{file}": differs from the tax authority\'s record ({fields}); it may have been altered',
  },
  'INTAKE_FILE.bureau_unavailable': {
    zh: '文件「{file}」：税务机关查验暂不可用，请稍后重试',
    en: 'File "{file}": the tax authority\'s check is unavailable; try again later',
  },
  'INTAKE_FILE.duplicate_in_batch': {
    zh: '文件「{file}」与本次上传的「{other}」是同一张发票，已跳过',
    en: 'File "{file}" is the same invoice as "{other}" in this upload; skipped',
  },
  'INTAKE_MANUAL.not_found': {
    zh: '税务机关查无此票，请核对发票号码、开票日期和金额',
    en: 'The tax authority does not know this invoice; check the number, date and amount',
  },
  'INTAKE_MANUAL.mismatch': {
    zh: '与税务机关记录不一致：{fields}',
    en: "Differs from the tax authority's record: {fields}",
  },
  'INTAKE_MANUAL.other_buyer': {
    zh: '该发票的购买方税号 {taxNumber} 不是本企业的税号，不能收录',
    en: "The buyer tax number {taxNumber} of this invoice is not one of this company's; it cannot be collected",
  },
  'INTAKE_MANUAL.bureau_unavailable': {
    zh: '税务机关查验暂不可用，请稍后重试',
    en: "The tax authority's check is unavailable; try again later",
  },
} as const satisfies Record<string, MessageText>;
