/** Generic decimal operations are namespaced (`dec.add`, …) so they cannot clash with other domain exports. */
export * as dec from './decimal.ts';
export {
  type Decimal,
  KEEP_DECIMALS,
  LEGACY_EMIT_DECIMALS,
  formatDecimal,
  parseDecimal,
  tryParseDecimal,
} from './decimal.ts';
export * from './fen.ts';
export * from './range.ts';
