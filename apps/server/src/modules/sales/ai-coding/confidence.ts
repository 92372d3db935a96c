import type { CodingSuggestion } from '@fpy/contracts';

/**
 * Calibrated confidence: the probability that a suggestion is the right code, not a share of the scores.
 * The top answer's probability comes from a logistic model of two features (how strong the evidence is,
 * log of the top score, and how far it is ahead of the runner-up, log of the ratio), fitted on labelled
 * names (scripts/bench/ai-coding.ts --fit prints the fit; tuned on tune.csv and the dev set, never on
 * test.csv). The rest of the probability is shared among the runners-up by a softmax of their scores.
 */
export const CALIBRATION = { evidence: 1.2, lead: 1.8, bias: -4 };
/** Below this the top answer is flagged for review. */
export const LOW_CONFIDENCE = 0.6;

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Scores sorted best first → probabilities in the same order. */
export function calibrate(scores: number[]): number[] {
  if (!scores.length) return [];
  const [best, second = 0] = scores;
  const top = sigmoid(
    CALIBRATION.evidence * Math.log(1 + best) +
      CALIBRATION.lead * Math.log((best + 1) / (second + 1)) +
      CALIBRATION.bias,
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
