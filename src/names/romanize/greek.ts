/**
 * Greek → Latin by ELOT 743 (= ISO 843 type 2, the Greek state's passport romanization), which is how
 * lists write Greek names: "Ένοπλη" → "enopli", "Ευάγγελος" → "evangelos", "Μπακογιάννης" → "bakogiannis".
 * Source: ELOT 743:2001 transcription table (UN Working Group on Romanization Systems, "Greek", 2016).
 */

const LETTERS: Readonly<Record<string, string>> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

// Two letters read as one sound; γ before a velar is nasal.
const DIGRAPHS: Readonly<Record<string, string>> = {
  ου: 'ou',
  γγ: 'ng',
  γξ: 'nx',
  γχ: 'nch',
  μπ: 'mp',
  ντ: 'nt',
};

// αυ, ευ, ηυ are "av/ev/iv" before a vowel or voiced consonant, "af/ef/if" before a voiceless one or at the end.
const U_AFTER: Readonly<Record<string, string>> = { α: 'a', ε: 'e', η: 'i' };
const VOICELESS = new Set('θκξπστφχψ');

/**
 * Romanizes a run of Greek letters (accents are dropped; a diaeresis keeps two vowels apart).
 *
 * @example romanizeGreek('Ευάγγελος') === 'evangelos'
 */
export function romanizeGreek(run: string): string {
  // NFD splits off the tonos (U+0301) and the diaeresis (U+0308); only the diaeresis matters.
  const letters = run
    .toLowerCase()
    .normalize('NFD')
    .replace(/\u0301/g, '');
  let out = '';
  for (let i = 0; i < letters.length; i++) {
    const ch = letters[i]!;
    const next = letters[i + 1] ?? '';
    if (ch === '\u0308') continue;
    const separated = letters[i + 2] === '\u0308';
    const digraph = separated ? undefined : DIGRAPHS[ch + next];
    if (digraph !== undefined) {
      // ELOT 743: μπ is "b" at the start of a word ("Μπακογιάννης" → "Bakogiannis").
      out += digraph === 'mp' && i === 0 ? 'b' : digraph;
      i++;
      continue;
    }
    const u = U_AFTER[ch];
    if (u !== undefined && next === 'υ' && !separated) {
      const after = letters[i + 2] ?? '';
      out += u + (after === '' || VOICELESS.has(after) ? 'f' : 'v');
      i++;
      continue;
    }
    out += LETTERS[ch] ?? ch;
  }
  return out;
}
