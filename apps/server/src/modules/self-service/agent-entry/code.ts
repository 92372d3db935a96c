import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An agent code: 20 base62 characters from the CSPRNG (≈ 119 bits), so codes cannot be guessed or walked. */
export function newAgentCode(): string {
  let s = '';
  for (let i = 0; i < 20; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}
