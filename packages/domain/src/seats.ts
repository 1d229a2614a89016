/**
 * Seat helper (spec section 9): expands "1-3, A-C, Terrace" into
 * ["1","2","3","A","B","C","Terrace"]. Letters in ranges come out upper case;
 * the result is de-duplicated, first occurrence wins; empty input gives [].
 */
export function expandSeats(input: string | null | undefined): string[] {
  if (!input) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  const push = (s: string) => {
    if (s && !seen.has(s)) {
      seen.add(s);
      out.push(s);
    }
  };
  for (const raw of input.split(',')) {
    const part = raw.trim();
    if (!part) continue;
    const num = /^(\d+)\s*-\s*(\d+)$/.exec(part);
    const let_ = /^([a-zA-Z])\s*-\s*([a-zA-Z])$/.exec(part);
    if (num) {
      let a = Number(num[1]);
      let b = Number(num[2]);
      if (a > b) [a, b] = [b, a];
      if (b - a > 1000) {
        push(part);
        continue;
      }
      for (let i = a; i <= b; i++) push(String(i));
    } else if (let_) {
      let a = let_[1]!.toUpperCase().charCodeAt(0);
      let b = let_[2]!.toUpperCase().charCodeAt(0);
      if (a > b) [a, b] = [b, a];
      for (let c = a; c <= b; c++) push(String.fromCharCode(c));
    } else {
      push(part);
    }
  }
  return out;
}
