import type { CodingSuggestion } from '@fpy/contracts';

/**
 * Calibrated confidence: the probability that a suggestion is the right code, not a share of the scores.
 * The top answer's probability comes from a logistic model of three features: how strong the evidence is (log
 * of the top score), how far it is ahead of the runner-up (log of the ratio), fitted on tune.csv and the dev
 * set, and whether a curated word, a brand or a model number names it at all (`uncurated`: an answer read only
 * from the table's text and BM25 was right 81 % of the time on the tuning names against 96 % for the rest).
 * The rest of the probability is shared among the runners-up by a softmax of their scores.
 */
export const CALIBRATION = { evidence: 1.2, lead: 1.8, bias: -4, uncurated: -2.2 };
/**
 * Below this the top answer is flagged for review (需复核). With `uncurated`, chosen on the tuning names
 * (tune.csv, the dev set and the probe lists, never test.csv or holdout.csv) for the flag's precision and recall
 * as a detector of wrong top answers: 0.5 flags 5.9 % of them and catches 30 % of their misses at a precision of
 * 24 %, where 0.6 without `uncurated` flagged 7.5 % for 26 % at 16 %.
 */
export const LOW_CONFIDENCE = 0.5;

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Scores sorted best first → probabilities in the same order; `curated`: a curated word, brand or model names the top. */
export function calibrate(scores: number[], curated = true): number[] {
  if (!scores.length) return [];
  const [best, second = 0] = scores;
  const top = sigmoid(
    CALIBRATION.evidence * Math.log(1 + best) +
      CALIBRATION.lead * Math.log((best + 1) / (second + 1)) +
      CALIBRATION.bias +
      (curated ? 0 : CALIBRATION.uncurated),
  );
  const rest = scores.slice(1);
  const temperature = Math.max(1, best / 6);
  const weights = rest.map((s) => Math.exp((s - best) / temperature));
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  return [top, ...weights.map((w) => ((1 - top) * w) / total)];
}

/** The user should look: no answer, or a ranked top answer below the bar. A remembered answer is never weak. */
export function isLowConfidence(suggestions: Pick<CodingSuggestion, 'confidence' | 'source'>[]): boolean {
  const [first] = suggestions;
  if (!first) return true;
  return first.source !== 'memory' && first.confidence < LOW_CONFIDENCE;
}
