import type { LexiconTerm } from './lexicon.ts';

export interface LexiconHit extends LexiconTerm {
  start: number;
  end: number;
  /** 0 for the first code of a term; 1, 2 … for the other codes the same term points at. */
  rank: number;
}

const isLatin = (c: string | undefined) => c !== undefined && /[a-z0-9]/.test(c);

/**
 * Finds lexicon terms in a cleaned name, longest first, without overlaps: in 笔记本电脑包 the term
 * 笔记本电脑 wins over 电脑, and a Latin term must stand alone (hp does not match inside php).
 */
interface TrieNode {
  next: Map<string, TrieNode>;
  /** Terms ending here (one term can point at several codes). */
  terms: LexiconTerm[];
}

const node = (): TrieNode => ({ next: new Map(), terms: [] });

export class LexiconMatcher {
  // A character trie: thousands of table terms share first characters, and trying each with startsWith
  // made matching the slowest step of coding a name.
  private readonly root = node();

  constructor(terms: LexiconTerm[]) {
    for (const t of terms) {
      let n = this.root;
      for (const c of t.term) {
        let child = n.next.get(c);
        if (!child) {
          child = node();
          n.next.set(c, child);
        }
        n = child;
      }
      n.terms.push(t);
    }
  }

  match(text: string): LexiconHit[] {
    const candidates: LexiconHit[] = [];
    for (let i = 0; i < text.length; i++) {
      let n: TrieNode | undefined = this.root;
      for (let j = i; j < text.length; j++) {
        n = n.next.get(text[j]);
        if (!n) break;
        if (!n.terms.length) continue;
        const end = j + 1;
        for (const t of n.terms) {
          if (/[a-z0-9]/.test(t.term[0]) && (isLatin(text[i - 1]) || isLatin(text[end]))) continue;
          candidates.push({ ...t, start: i, end, rank: 0 });
        }
      }
    }
    candidates.sort((a, b) => b.term.length - a.term.length || a.start - b.start);
    const taken: boolean[] = [];
    const hits: LexiconHit[] = [];
    let last: LexiconHit | undefined;
    for (const c of candidates) {
      // A term written for several codes (电磁炉: 家用电炉灶 and 家用电热烹调器具) credits them all, in order.
      if (last && c.start === last.start && c.end === last.end) {
        hits.push({ ...c, rank: last.rank + 1 });
        last = hits[hits.length - 1];
        continue;
      }
      let free = true;
      for (let i = c.start; i < c.end && free; i++) if (taken[i]) free = false;
      if (!free) continue;
      for (let i = c.start; i < c.end; i++) taken[i] = true;
      hits.push(c);
      last = c;
    }
    return hits.sort((a, b) => a.start - b.start);
  }
}
