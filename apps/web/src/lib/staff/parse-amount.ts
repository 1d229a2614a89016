/** "11,50", "11.5", " 3 " -> a number; anything else NaN. */
export function parseAmount(text: string): number {
  const clean = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$|^-?\.\d+$/.test(clean)) return Number.NaN;
  return Number(clean);
}
