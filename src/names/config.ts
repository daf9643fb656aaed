/**
 * Every tunable of name matching, declared once with its default and its reason (STYLE.md §6).
 * Calibration: `npx tsx bench/names/accuracy.ts` and the grid in bench/names/calibrate.ts, on
 * 19,295 real aliases (UN Good-quality individual aliases, UN entity a.k.a., OFAC alt.csv) queried
 * against their list's primary names, and 617 US Congress/executive PEP names as negatives.
 * Recall below is "the right entity is the top hit"; "recall at 1 % FP" is read at the score where
 * 1 % of PEP names match. With these defaults: 1 %-FP point at score 0.734, recall 51 % there.
 * About 16 % of the aliases share no name token with their primary ("AIGLE BLANC" for
 * "FRANK KAKOLELE BWAMBALE"), so no name-only setting reaches the 95 % bar on this set.
 */
import { z } from 'zod';

export const MatchConfig = z.object({
  strongThreshold: z
    .number()
    .min(0)
    .max(1)
    .default(0.88)
    .describe(
      'Score at or above which a match is STRONG (EXACT needs equal normalized token multisets). ' +
        'At 0.88, 99.1 % of STRONG top hits are the listed party on the held-out test half.',
    ),
  mediumThreshold: z
    .number()
    .min(0)
    .max(1)
    .default(0.76)
    .describe(
      'Score at or above which a match is MEDIUM. At 0.76, the 1 %-false-positive point of the held-out ' +
        "evaluation's dev half (bench/names/calibrate-eval.ts: 0.762).",
    ),
  weakThreshold: z
    .number()
    .min(0)
    .max(1)
    .default(0.65)
    .describe(
      'Score at or above which a match is WEAK; below it there is no match. At 0.65: 4.4 % of PEP ' +
        'names, 57 % of aliases — a review queue, not an alert.',
    ),
  nameTransposition: z
    .boolean()
    .default(true)
    .describe('Align tokens regardless of order ("Smith John" = "John Smith"); false keeps word order.'),
  unmatchedQueryPenalty: z
    .number()
    .min(0)
    .default(0.8)
    .describe(
      'Weight share charged for a query token that met nothing in the list name. Grid 0.5–1: ' +
        '0.75–0.8 best (recall at 1 % FP 51.3–51.6 %), 1.0 loses 1–3 points.',
    ),
  unmatchedCandidatePenalty: z
    .number()
    .min(0)
    .default(0.5)
    .describe(
      'Weight share charged for a list-name token the query did not mention. Lower than the query side: ' +
        'list names carry extra patronymics and second surnames customers leave out (0.25 and 0.5 ' +
        'within 0.5 points of each other).',
    ),
  unmatchedSyllablePenalty: z
    .number()
    .min(0)
    .default(1.5)
    .describe(
      'Cost of a list-side syllable of a Chinese or Korean name that the query lacks, × its weight: above ' +
        '1, since syllables are short and weigh little, yet one missing makes another name. Dev half: ' +
        'false positives 1.0 -> 0.6 % (0.5 -> 1.5), recall unchanged.',
    ),
  minPairSimilarity: z
    .number()
    .min(0)
    .max(1)
    .default(0.75)
    .describe('Token pairs less similar than this are not aligned at all (kovalenko/kovalchuk: 0.71).'),
  pairSimilarityFloor: z
    .number()
    .min(0)
    .max(1)
    .default(0.35)
    .describe(
      'Similarity mapped to zero credit when scoring; credit rises linearly from here to 1. Grid: ' +
        '0–0.5 within 0.7 points, 0.6 loses up to 7 (spelling variants then earn too little).',
    ),
  jaroWinklerFloor: z
    .number()
    .min(0)
    .max(1)
    .default(0.7)
    .describe('Below this Jaro-Winkler value the Levenshtein ratio is not computed (cheap gate).'),
  jaroWinklerShare: z
    .number()
    .min(0)
    .max(1)
    .default(0.5)
    .describe(
      'Share of Jaro-Winkler in the edit similarity; the rest is the Levenshtein ratio. 0.5 beat 0.75 ' +
        'by 0.9 points: Jaro-Winkler alone over-rewards shared prefixes.',
    ),
  phoneticBonus: z
    .number()
    .min(0)
    .max(1)
    .default(0.1)
    .describe(
      'Added to the spelling similarity of two tokens with the same Double Metaphone key. A bonus, not ' +
        'a similarity of its own: the key ignores vowels (Hassan = Hussein) and merges consonant ' +
        'classes (Ted = Daud), so a shared sound alone is weak evidence.',
    ),
  distinctGivenNamesSimilarity: z
    .number()
    .min(0)
    .max(1)
    .default(0.75)
    .describe(
      'Most similarity two different known given names of different sounds can have (Marco / Marcos, ' +
        'Marina / Mariya): names people are given, not misspellings of one (given-names.ts).',
    ),
  genderedGivenNamesSimilarity: z
    .number()
    .min(0)
    .max(1)
    .default(0.6)
    .describe(
      "Most similarity a woman's given name and a man's can have (Michael / Michaela, Peter / Petra): " +
        'below minPairSimilarity, so they are never aligned.',
    ),
  initialSimilarity: z
    .number()
    .min(0)
    .max(1)
    .default(0.75)
    .describe('Similarity credited to an initial meeting a word with that first letter ("J." / "John").'),
  acronymSimilarity: z
    .number()
    .min(0)
    .max(1)
    .default(0.8)
    .describe(
      'Name score of a query that is the acronym of a listed organization\'s name ("IRGC"): acronyms collide, so MEDIUM, not EXACT.',
    ),
  nameVariantSimilarity: z
    .number()
    .min(0)
    .max(1)
    .default(0.9)
    .describe(
      'Similarity of a given name and its short form ("Bob" / "Robert", "Sasha" / "Aleksandr"), and of two romanizations of one Korean or Chinese name ("Lee" / "Ri").',
    ),
  particleSimilarity: z
    .number()
    .min(0)
    .max(1)
    .default(0.95)
    .describe('Similarity of two tokens equal once a glued article is removed ("albaghdadi" / "baghdadi").'),
  mergedSimilarity: z
    .number()
    .min(0)
    .max(1)
    .default(0.98)
    .describe(
      'Factor on the similarity of two adjacent tokens written as one ("abdul rahman" / "abdulrahman").',
    ),
});
export type MatchConfig = z.infer<typeof MatchConfig>;

/** The defaults, parsed once. */
export const DEFAULT_MATCH_CONFIG: MatchConfig = MatchConfig.parse({});

export type MatchStrength = 'EXACT' | 'STRONG' | 'MEDIUM' | 'WEAK';

/**
 * The bucket of a name score; null below WEAK.
 *
 * @example strengthOf(0.93, false) === 'STRONG'
 */
export function strengthOf(
  score: number,
  exact: boolean,
  cfg: MatchConfig = DEFAULT_MATCH_CONFIG,
): MatchStrength | null {
  if (exact) return 'EXACT';
  if (score >= cfg.strongThreshold) return 'STRONG';
  if (score >= cfg.mediumThreshold) return 'MEDIUM';
  if (score >= cfg.weakThreshold) return 'WEAK';
  return null;
}
