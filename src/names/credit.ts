/** Credit for an aligned pair: 0 at the similarity floor, rising linearly to 1 for equal tokens. */
export function credit(similarity: number, floor: number): number {
  if (similarity >= 1) return 1;
  return similarity <= floor ? 0 : (similarity - floor) / (1 - floor);
}
