/** Everyday words per tax code (笔记本电脑 for 电子计算机整机) that the tree search also matches. */
export type SearchAliases = () => Map<string, string[]>;

let provider: SearchAliases = () => new Map();
let version = 0;

/**
 * AI-assisted coding owns the lexicon of everyday words and provides it from its register(); the national
 * table does not depend on it (the dependency runs one way: ai-coding reads the catalogue).
 */
export function provideSearchAliases(aliases: SearchAliases) {
  provider = aliases;
  version++;
}

/**
 * Bumped by every provideSearchAliases: a catalogue built before the aliases arrived (the demo seed checks rates
 * while the modules register) is rebuilt with them, or the search box would never find 笔记本电脑 by bjbdn.
 */
export function searchAliasesVersion(): number {
  return version;
}

export function searchAliases(): Map<string, string[]> {
  return provider();
}
