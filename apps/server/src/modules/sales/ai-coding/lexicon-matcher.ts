import type { LexiconTerm } from './lexicon.ts';

export interface LexiconHit extends LexiconTerm {
  start: number;
  end: number;
}

const isLatin = (c: string | undefined) => c !== undefined && /[a-z0-9]/.test(c);

/**
 * Finds lexicon terms in a cleaned name, longest first, without overlaps: in 笔记本电脑包 the term
 * 笔记本电脑 wins over 电脑, and a Latin term must stand alone (hp does not match inside php).
 */
export class LexiconMatcher {
  private readonly byFirstChar = new Map<string, LexiconTerm[]>();

  constructor(terms: LexiconTerm[]) {
    for (const t of terms) {
      const list = this.byFirstChar.get(t.term[0]) ?? [];
      list.push(t);
      this.byFirstChar.set(t.term[0], list);
    }
    for (const list of this.byFirstChar.values()) list.sort((a, b) => b.term.length - a.term.length);
  }

  match(text: string): LexiconHit[] {
    const candidates: LexiconHit[] = [];
    for (let i = 0; i < text.length; i++) {
      for (const t of this.byFirstChar.get(text[i]) ?? []) {
        if (!text.startsWith(t.term, i)) continue;
        const end = i + t.term.length;
        if (/[a-z0-9]/.test(t.term[0]) && (isLatin(text[i - 1]) || isLatin(text[end]))) continue;
        candidates.push({ ...t, start: i, end });
      }
    }
    candidates.sort((a, b) => b.term.length - a.term.length || a.start - b.start);
    const taken: boolean[] = [];
    const hits: LexiconHit[] = [];
    for (const c of candidates) {
      let free = true;
      for (let i = c.start; i < c.end && free; i++) if (taken[i]) free = false;
      if (!free) continue;
      for (let i = c.start; i < c.end; i++) taken[i] = true;
      hits.push(c);
    }
    return hits.sort((a, b) => a.start - b.start);
  }
}
