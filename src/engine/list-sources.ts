/**
 * Every `--source` of `warden lists import` (DESIGN.md §5). Kept free of imports: the command line
 * names them in its help without loading a parser.
 */
export const LIST_SOURCES = ['ofac', 'ofac-advanced', 'un', 'uk', 'pep', 'csv', 'addresses'] as const;
export type ListSource = (typeof LIST_SOURCES)[number];

export function isListSource(value: string): value is ListSource {
  return (LIST_SOURCES as readonly string[]).includes(value);
}
