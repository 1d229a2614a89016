import { TIP_PERCENTS, isValidTipMinor, tipFromPercent } from '@carte/domain/order-status';

/** The pay sheet's choices: no tip, 5, 10, 15 % (the domain's TIP_PERCENTS) or an amount typed by the guest. */
export type TipChoice = { kind: 'percent'; percent: number } | { kind: 'custom'; text: string };

export const TIP_CHOICES: TipChoice[] = TIP_PERCENTS.map((percent) => ({ kind: 'percent', percent }));

/** A typed amount ("2,50", "3.5", "4") in minor units, or null when it is not a money amount. */
export function parseTipText(text: string): number | null {
  const normalised = text.trim().replace(/\s/g, '').replace(',', '.');
  if (normalised === '') return 0;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(normalised)) return null;
  const [units, cents = ''] = normalised.split('.');
  return Number(units) * 100 + Number(cents.padEnd(2, '0'));
}

/** The tip in minor units for a choice, or null when the typed amount is not valid for this total. */
export function tipMinorFor(totalMinor: number, choice: TipChoice): number | null {
  const tip = choice.kind === 'percent' ? tipFromPercent(totalMinor, choice.percent) : parseTipText(choice.text);
  return tip !== null && isValidTipMinor(totalMinor, tip) ? tip : null;
}

/** What create-intent is sent: the percentage itself (the server computes the same tip) or the amount. */
export function tipRequestFor(choice: TipChoice, tipMinor: number): { tipPercent: number } | { tip: number } {
  return choice.kind === 'percent' ? { tipPercent: choice.percent } : { tip: tipMinor / 100 };
}
