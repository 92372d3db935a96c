import type { MessageText } from './text.ts';

/** Uploads and spreadsheets: the file itself is refused before any row is read. */
export const fileMessages = {
  FILE_REQUIRED: { zh: '请选择要上传的{label}', en: 'Please choose the {label} to upload' },
  'FILE_REQUIRED.multipart': {
    zh: '请以 multipart/form-data 方式上传{label}',
    en: 'Please upload the {label} as multipart/form-data',
  },
  FILE_TOO_LARGE: { zh: '{label}大小不能超过 {mb} MB', en: 'The {label} must not exceed {mb} MB' },
  'FILE_TOO_LARGE.upload': { zh: '上传文件不能超过 10 MB', en: 'An uploaded file must not exceed 10 MB' },
  'FILE_TOO_LARGE.one_file': { zh: '一次只能上传一个文件', en: 'Only one file can be uploaded at a time' },
  'FILE_TOO_LARGE.pixels': {
    zh: '图片尺寸过大：宽 × 高不能超过 {megapixels} 百万像素',
    en: 'The image is too large: width × height must not exceed {megapixels} megapixels',
  },
  UPLOAD_MALFORMED: {
    zh: '上传内容不完整或格式不正确，请重新上传',
    en: 'The upload is incomplete or malformed; please upload again',
  },
  FILE_NOT_XLSX: {
    zh: '文件格式不正确，请上传 .xlsx 格式的 Excel 文件',
    en: 'Wrong file format; please upload an Excel file in .xlsx format',
  },
  'FILE_NOT_XLSX.unreadable': {
    zh: '无法读取该 Excel 文件，请使用下载的模板',
    en: 'This Excel file cannot be read; please use the downloaded template',
  },
  FILE_EMPTY: { zh: '文件中没有数据行', en: 'The file has no data rows' },
  'FILE_EMPTY.batch': {
    zh: '文件中没有数据行（示例行不计）',
    en: 'The file has no data rows (the sample row does not count)',
  },
  FILE_HEADER_MISMATCH: {
    zh: '表头缺少列：{columns}，请使用下载的模板',
    en: 'The header lacks the columns {columns}; please use the downloaded template',
  },
  FILE_TOO_MANY_ROWS: { zh: '一次最多导入 {max} 行', en: 'At most {max} rows can be imported at once' },
  // Archives (lib/archive-guard.ts): refused from the declared sizes before anything is unpacked.
  FILE_ARCHIVE_REFUSED: {
    zh: '{label}（字段 {field}）解压后将超过 {mb} MB，疑似压缩炸弹，已拒绝',
    en: 'The {label} (field {field}) would unpack to more than {mb} MB; refused as a possible compression bomb',
  },
  'FILE_ARCHIVE_REFUSED.ratio': {
    zh: '{label}（字段 {field}）的压缩比超过 {ratio} 倍，疑似压缩炸弹，已拒绝',
    en: 'The {label} (field {field}) is compressed more than {ratio} to 1; refused as a possible compression bomb',
  },
  'FILE_ARCHIVE_REFUSED.entries': {
    zh: '{label}（字段 {field}）包含超过 {max} 个文件，已拒绝',
    en: 'The {label} (field {field}) holds more than {max} files; refused',
  },
  'FILE_ARCHIVE_REFUSED.size_mismatch': {
    zh: '{label}（字段 {field}）中文件的实际大小与其声明不符，疑似压缩炸弹，已拒绝',
    en: 'The {label} (field {field}) holds a file larger or smaller than it declares; refused as a possible compression bomb',
  },
  'FILE_ARCHIVE_REFUSED.malformed': {
    zh: '{label}（字段 {field}）不是完整有效的压缩文件',
    en: 'The {label} (field {field}) is not a complete, valid archive',
  },
  // Bounce bodies piped to a bounce endpoint (delivery/providers/receipts/bounce-limits.ts).
  BOUNCE_REFUSED: {
    zh: '退信内容的一组邮件头超过 {max} 行，已拒绝',
    en: 'The bounce has a header block of more than {max} lines; refused',
  },
  'BOUNCE_REFUSED.header_size': {
    zh: '退信内容的一组邮件头超过 {kb} KB，已拒绝',
    en: 'The bounce has a header block larger than {kb} KB; refused',
  },
  'BOUNCE_REFUSED.parts': {
    zh: '退信内容包含超过 {max} 个 MIME 部分，已拒绝',
    en: 'The bounce has more than {max} MIME parts; refused',
  },
  'BOUNCE_REFUSED.depth': {
    zh: '退信内容的 MIME 嵌套超过 {max} 层，已拒绝',
    en: 'The bounce nests MIME parts more than {max} levels deep; refused',
  },
  'BOUNCE_REFUSED.unreadable': {
    zh: '无法解析退信内容：不是有效的邮件格式',
    en: 'The bounce cannot be read: it is not a valid e-mail message',
  },
  'FILE_TYPE_NOT_ALLOWED.csv_not_excel': {
    zh: '文件格式不正确：请上传 CSV 格式的编码表（不是 Excel 文件）',
    en: 'Wrong file format: please upload the code table as CSV (not an Excel file)',
  },
  'FILE_TYPE_NOT_ALLOWED.csv_not_text': {
    zh: '文件格式不正确：请上传 UTF-8 编码的 CSV 文本文件',
    en: 'Wrong file format: please upload a UTF-8 CSV text file',
  },
  'FILE_TYPE_NOT_ALLOWED.csv_encoding': {
    zh: '文件编码不正确：请将编码表另存为 UTF-8 编码的 CSV',
    en: 'Wrong file encoding: please save the code table as UTF-8 CSV',
  },
  'FILE_TYPE_NOT_ALLOWED.svg_size': {
    zh: 'SVG 图片须声明尺寸（width 和 height，或 viewBox）',
    en: 'An SVG image must declare its size (width and height, or viewBox)',
  },
  'FILE_TYPE_NOT_ALLOWED.seal': {
    zh: '发票专用章仅支持 PNG 或 JPEG 格式的图片',
    en: 'The invoice seal must be a PNG or JPEG image',
  },
  'FILE_TYPE_NOT_ALLOWED.image': {
    zh: '无法识别的图片：仅支持 PNG、JPEG 或 SVG 格式的图片',
    en: 'Unrecognised image: only PNG, JPEG or SVG images are accepted',
  },
} as const satisfies Record<string, MessageText>;

/** What an upload expects, named in refusals (lib/upload.ts callers pass the Chinese name). */
export const UPLOAD_LABELS_EN: Readonly<Record<string, string>> = {
  文件: 'file',
  'Excel 文件': 'Excel file',
  图片: 'image',
  印章图片: 'seal image',
  编码表文件: 'code table file',
  发票文件: 'invoice file',
};
