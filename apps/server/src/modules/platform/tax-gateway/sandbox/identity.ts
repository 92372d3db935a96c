import { randomBytes, randomInt } from 'node:crypto';
import { type Db, taxSandboxIdentity } from '@fpy/db';
import { and, eq, inArray } from 'drizzle-orm';
import type {
  IdentityCaptcha,
  IdentityCheck,
  IdentityStatus,
} from '../../../../gateways/tax-bureau/gateway.ts';
import { sha256 } from '../../../../lib/hash.ts';

/**
 * 开票员身份认证 as the 数电 platform plays it: now and then the bureau asks the invoicer of a tax number to confirm
 * who they are (扫脸 in the 个人所得税 app, or a verification code); until then it refuses that tenant's issues.
 * The sandbox asks when told to (`demandIdentity`: tests, the demo seed) and answers with a six-digit image
 * captcha of its own drawing, valid five minutes and good for one try (a wrong answer spends it).
 */
export const IDENTITY_CAPTCHA_TTL_MS = 5 * 60_000;

/** The bureau's reason on an issue refused while the demand is open (the user reads it on the failed invoice). */
export const IDENTITY_REFUSAL = {
  code: 'bureau_rejected' as const,
  message:
    '税务局要求开票员完成身份认证后方可开具：请在手机上打开身份认证链接输入验证码，认证通过后重新开具（沙箱模拟）',
};

export async function identityStatus(db: Db, tenantId: number): Promise<IdentityStatus> {
  const [row] = await db.select().from(taxSandboxIdentity).where(eq(taxSandboxIdentity.tenantId, tenantId));
  if (row?.state === 'required')
    return { state: 'required', challengeId: row.challengeId, askedAt: row.askedAt };
  return { state: 'confirmed', confirmedAt: row?.confirmedAt ?? null };
}

/** Sandbox lever: the bureau asks the tenant's invoicer to confirm (a new demand replaces an open one). */
export async function demandIdentity(
  db: Db,
  tenantId: number,
  now: Date,
): Promise<Extract<IdentityStatus, { state: 'required' }>> {
  const challengeId = randomBytes(12).toString('hex');
  const values = { state: 'required', challengeId, askedAt: now, captchaHash: null, captchaExpiresAt: null };
  await db
    .insert(taxSandboxIdentity)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: taxSandboxIdentity.tenantId, set: values });
  return { state: 'required', challengeId, askedAt: now };
}

const openDemand = (tenantId: number, challengeId: string) =>
  and(
    eq(taxSandboxIdentity.tenantId, tenantId),
    eq(taxSandboxIdentity.challengeId, challengeId),
    eq(taxSandboxIdentity.state, 'required'),
  );

export async function identityCaptcha(
  db: Db,
  tenantId: number,
  challengeId: string,
  now: Date,
): Promise<IdentityCaptcha | null> {
  const text = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + IDENTITY_CAPTCHA_TTL_MS);
  const [row] = await db
    .update(taxSandboxIdentity)
    .set({ captchaHash: sha256(text), captchaExpiresAt: expiresAt })
    .where(openDemand(tenantId, challengeId))
    .returning({ tenantId: taxSandboxIdentity.tenantId });
  if (!row) return null;
  return { kind: 'image', contentType: 'image/svg+xml', bytes: drawCaptcha(text), expiresAt };
}

/** One try per captcha: the answer is compared and the captcha spent in one statement. */
export async function checkIdentityCaptcha(
  db: Db,
  tenantId: number,
  challengeId: string,
  answer: string,
  now: Date,
): Promise<IdentityCheck> {
  const [row] = await db.select().from(taxSandboxIdentity).where(openDemand(tenantId, challengeId));
  if (!row?.captchaHash || !row.captchaExpiresAt || row.captchaExpiresAt <= now) return 'stale';
  const right = sha256(answer.trim()) === row.captchaHash;
  const [done] = await db
    .update(taxSandboxIdentity)
    .set(
      right
        ? { state: 'confirmed', confirmedAt: now, captchaHash: null, captchaExpiresAt: null }
        : { captchaHash: null, captchaExpiresAt: null },
    )
    .where(and(openDemand(tenantId, challengeId), eq(taxSandboxIdentity.captchaHash, row.captchaHash)))
    .returning({ tenantId: taxSandboxIdentity.tenantId });
  if (!done) return 'stale';
  return right ? 'confirmed' : 'wrong';
}

/** Of these tenants, those whose issuing the bureau pauses (one indexed read per bureau transaction). */
export async function pausedTenants(tx: Db, tenantIds: number[]): Promise<Set<number>> {
  if (!tenantIds.length) return new Set();
  const rows = await tx
    .select({ tenantId: taxSandboxIdentity.tenantId })
    .from(taxSandboxIdentity)
    .where(and(inArray(taxSandboxIdentity.tenantId, tenantIds), eq(taxSandboxIdentity.state, 'required')));
  return new Set(rows.map((r) => r.tenantId));
}

// Seven-segment digits drawn as strokes (no text element). The strokes of a digit sit in their own group in unit
// coordinates, so the API tests read the image back (SEGMENT_PATHS): a sandbox captcha keeps no secret from a
// script; it exercises the path (draw, show, type, check) that the real bureau's image takes.
export const SEGMENT_PATHS: Record<string, string> = {
  a: 'M0,0L16,0',
  b: 'M16,0L16,18',
  c: 'M16,18L16,36',
  d: 'M0,36L16,36',
  e: 'M0,18L0,36',
  f: 'M0,0L0,18',
  g: 'M0,18L16,18',
};
export const DIGIT_SEGMENTS = [
  'abcdef',
  'bc',
  'abdeg',
  'abcdg',
  'bcfg',
  'acdfg',
  'acdefg',
  'abc',
  'abcdefg',
  'abcdfg',
];

function drawCaptcha(text: string): Uint8Array {
  const digits = [...text].map((ch, i) => {
    const paths = [...DIGIT_SEGMENTS[Number(ch)]].map((seg) => `<path d="${SEGMENT_PATHS[seg]}"/>`).join('');
    const at = `translate(${18 + i * 30 + randomInt(-3, 4)},${10 + randomInt(-3, 4)}) skewX(${randomInt(-12, 13)})`;
    return `<g transform="${at}">${paths}</g>`;
  });
  const noise = Array.from(
    { length: 5 },
    () => `<path d="M${randomInt(0, 200)},${randomInt(0, 56)}L${randomInt(0, 200)},${randomInt(0, 56)}"/>`,
  ).join('');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="56" viewBox="0 0 200 56">' +
    `<rect width="200" height="56" fill="#f3f6fa"/><g stroke="#9aa5b1" stroke-width="1">${noise}</g>` +
    `<g stroke="#1f3a5f" stroke-width="3.5" stroke-linecap="round" fill="none">${digits.join('')}</g></svg>`;
  return new TextEncoder().encode(svg);
}
