import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Compression bombs as .xlsx uploads (issue 28 §4), built without ever holding the inflated data: deflating
 * 1 MiB of zeros with a full flush gives a block that inflates to exactly those zeros and refers to nothing
 * before it, so N copies of it (and an empty final block) inflate to N MiB. 1 GiB of zeros is then about 1 MB.
 *  - `honest`: the central directory declares the real sizes (1 GiB in ~1 MB);
 *  - `lying`: the headers declare a 4 KiB sheet of ratio 1 while the data still inflates to 1 GiB.
 * Beside the bomb each holds the small parts of a real workbook, so only the sizes give it away.
 */
const MiB = 1024 * 1024;

let zeroBlock: Buffer | undefined;
/** 1 MiB of zeros deflated and fully flushed: a block that refers to nothing before it. */
const zeroChunk = () => {
  zeroBlock ??= deflateRawSync(Buffer.alloc(MiB), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  return zeroBlock;
};

/** The raw deflate stream of `mib` MiB of zeros and its CRC-32, one MiB at a time. */
function zerosDeflated(mib: number): { data: Buffer; crc: number; size: number } {
  const deflated = zeroChunk();
  const zeros = Buffer.alloc(MiB);
  let crc = 0;
  for (let i = 0; i < mib; i++) crc = crc32(zeros, crc);
  // An empty final stored block ends the stream (BFINAL=1, BTYPE=00, LEN 0, NLEN 0xffff).
  const end = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
  return { data: Buffer.concat([...Array.from({ length: mib }, () => deflated), end]), crc, size: mib * MiB };
}

interface Entry {
  name: string;
  data: Buffer;
  method: 0 | 8;
  crc: number;
  /** What the headers declare (a lying bomb declares less than the data holds). */
  compressedSize: number;
  uncompressedSize: number;
}

const deflated = (name: string, text: string): Entry => {
  const raw = Buffer.from(text);
  const data = deflateRawSync(raw);
  return {
    name,
    data,
    method: 8,
    crc: crc32(raw),
    compressedSize: data.length,
    uncompressedSize: raw.length,
  };
};

/** A ZIP file of `entries` as written (local headers, data, central directory, end record). */
export function zipOf(entries: Entry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.compressedSize, 18);
    local.writeUInt32LE(e.uncompressedSize, 22);
    local.writeUInt16LE(name.length, 26);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(0x0800, 8);
    c.writeUInt16LE(e.method, 10);
    c.writeUInt32LE(e.crc >>> 0, 16);
    c.writeUInt32LE(e.compressedSize, 20);
    c.writeUInt32LE(e.uncompressedSize, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    central.push(c, name);
    parts.push(local, name, e.data);
    offset += local.length + name.length + e.data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cd, end]);
}

const WORKBOOK_PARTS = () => [
  deflated(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  ),
  deflated(
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ),
];

const built = new Map<string, Buffer>();

/**
 * An .xlsx whose sheet inflates to `mib` MiB of zeros (default 1 GiB), declared honestly or as a 4 KiB part.
 * Built once per kind and size in a process.
 */
export function xlsxBomb(kind: 'honest' | 'lying', mib = 1024): Buffer {
  const key = `${kind} ${mib}`;
  const done = built.get(key);
  if (done) return done;
  const zeros = zerosDeflated(mib);
  const sheet: Entry = {
    name: 'xl/worksheets/sheet1.xml',
    data: zeros.data,
    method: 8,
    crc: zeros.crc,
    compressedSize: zeros.data.length,
    uncompressedSize: kind === 'honest' ? zeros.size : 4096,
  };
  const zip = zipOf([...WORKBOOK_PARTS(), sheet]);
  built.set(key, zip);
  return zip;
}

/** How much the bomb would take unpacked, for messages and the bench. */
export const BOMB_UNPACKED = '1 GiB';
