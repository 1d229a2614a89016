import { expandSeats } from '@carte/domain/seats';

/**
 * The venue's table list written back the way staff type it (the domain's seat helper reads it):
 * ["1".."12", "Terrace"] -> "1-12, Terrace". Runs of three or more whole numbers or single letters
 * become ranges; everything else stays as it is. expandSeats(seatsText(x)) gives x back.
 */
export function seatsText(spots: readonly string[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < spots.length) {
    const start = spots[i]!;
    let j = i;
    const step = (a: string, b: string) => {
      if (/^(0|[1-9]\d*)$/.test(a) && /^(0|[1-9]\d*)$/.test(b)) return Number(b) === Number(a) + 1;
      if (/^[A-Z]$/.test(a) && /^[A-Z]$/.test(b)) return b.charCodeAt(0) === a.charCodeAt(0) + 1;
      return false;
    };
    while (j + 1 < spots.length && step(spots[j]!, spots[j + 1]!)) j++;
    if (j - i >= 2) {
      parts.push(`${start}-${spots[j]}`);
      i = j + 1;
    } else {
      parts.push(start);
      i += 1;
    }
  }
  const text = parts.join(', ');
  // A name with a comma, or one the helper would read as a range, cannot be written this way.
  return JSON.stringify(expandSeats(text)) === JSON.stringify(spots) ? text : spots.join(', ');
}
