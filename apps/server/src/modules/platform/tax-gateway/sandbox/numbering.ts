import { type Db, taxSandboxSequences } from '@fpy/db';
import { sql } from 'drizzle-orm';

/** §2.1: yy (2) + province region (2) + channel (1) + sequence (15) = 20 digits. */
export const DIGITAL_NUMBER = /^\d{20}$/;
const SEQUENCE_DIGITS = 15;
const MAX_SEQUENCE = 10 ** SEQUENCE_DIGITS - 1;

/**
 * The province-level region (§2.1: first two digits of the administrative code) of a seller. An 18-character
 * credit code carries the 行政区划码 in positions 3–8 (§5.1), so the region is positions 3–4; the older 15/17/20
 * character numbers begin with the region (§5.2). 计划单列市 have their own two-digit codes per §2.1, but those
 * codes are UNCONFIRMED, so the sandbox uses the province digits for them too. Null when no region can be read.
 */
export function regionOf(sellerCreditCode: string): string | null {
  const code = sellerCreditCode.trim().toUpperCase();
  const region =
    code.length === 18 ? code.slice(2, 4) : [15, 17, 20].includes(code.length) ? code.slice(0, 2) : '';
  return /^[1-9]\d$/.test(region) ? region : null;
}

export function formatDigitalNumber(year: number, region: string, channel: string, sequence: number): string {
  if (sequence < 1 || sequence > MAX_SEQUENCE) throw new Error(`sequence out of range: ${sequence}`);
  return `${String(year % 100).padStart(2, '0')}${region}${channel}${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
}

export interface ParsedDigitalNumber {
  yy: string;
  region: string;
  channel: string;
  sequence: number;
}

export function parseDigitalNumber(number: string): ParsedDigitalNumber | null {
  if (!DIGITAL_NUMBER.test(number)) return null;
  return {
    yy: number.slice(0, 2),
    region: number.slice(2, 4),
    channel: number.slice(4, 5),
    sequence: Number(number.slice(5)),
  };
}

/**
 * Next sequence of a seller and year. Must run inside the transaction that records the issued invoice: the
 * upsert takes the row lock until commit, so concurrent issuers queue on it, and a rollback (a failed issue)
 * returns the number — gap-free and unique per seller and year (issue 4 §1).
 */
export async function allocateSequence(tx: Db, sellerCreditCode: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(taxSandboxSequences)
    .values({ sellerCreditCode, year, lastSeq: 1 })
    .onConflictDoUpdate({
      target: [taxSandboxSequences.sellerCreditCode, taxSandboxSequences.year],
      set: { lastSeq: sql`${taxSandboxSequences.lastSeq} + 1` },
    })
    .returning({ seq: taxSandboxSequences.lastSeq });
  return row.seq;
}
