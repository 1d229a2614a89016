/**
 * A field problem the server names in English (the API's contract: `issues[].message`), in the
 * staff's language. The forms check most rules themselves; these are the ones only the server can
 * see (a photo or category removed meanwhile, a table named twice) or that a form lets through.
 * A message not known here is shown as the server wrote it.
 */
type Translate = (key: string, values?: Record<string, string | number>) => string;

const S = 'admin.serverIssues.';

const rules: [RegExp, (m: RegExpExecArray) => [string, Record<string, string | number>?]][] = [
  [/^(is required|must not be empty)$/, () => [`${S}required`]],
  [/^must be at most (\d+) characters$/, (m) => [`${S}maxChars`, { max: Number(m[1]) }]],
  [/^must be at least (\d+) characters$/, (m) => [`${S}minChars`, { min: Number(m[1]) }]],
  [/^must be at most (-?\d+(?:\.\d+)?)$/, (m) => [`${S}max`, { max: m[1]! }]],
  [/^must be at least (-?\d+(?:\.\d+)?)$/, (m) => [`${S}min`, { min: m[1]! }]],
  [/^must have at most (\d+) (?:entries|spots)$/, (m) => [`${S}tooManyEntries`, { max: Number(m[1]) }]],
  [/^must be a number$/, () => [`${S}number`]],
  [/^must be a whole number$/, () => ['admin.productForm.errors.wholeNumber']],
  [/^must have at most two decimal places$/, () => ['admin.productForm.errors.twoDecimals']],
  [/^must be a phone number\b/, () => ['admin.settingsPage.errors.phone']],
  [/^must be a colour\b/, () => ['admin.settingsPage.errors.colour']],
  [/^"[^"]*" is reserved for courier delivery$/, () => ['admin.settingsPage.errors.deliveryReserved']],
  [/^must be an image uploaded to this venue$/, () => [`${S}image`]],
  [/^unknown category "(.*)"$/, (m) => [`${S}unknownCategory`, { name: m[1]! }]],
  [/^duplicate spot "(.*)"$/, (m) => [`${S}duplicateTable`, { name: m[1]! }]],
  [/^must list at least one table$/, () => [`${S}oneTable`]],
  [/^must be an e-mail address$/, () => [`${S}email`]],
  [/^the cheapest choice of options would cost /, () => ['admin.productForm.errors.cheapestBelowZero']],
  [/^must not be more than max$/, () => ['admin.productForm.errors.minAboveMax']],
  [/^must not be more than the group's \d+ option/, () => ['admin.productForm.errors.minAboveOptions']],
  // Opening hours and pauses (domain hours.ts, contracts/venue-service.ts)
  [/^ends before it starts\b/, () => ['admin.hours.errors.inverted']],
  [/^overlaps /, () => ['admin.hours.errors.overlap']],
  [/^ends when it starts$/, () => ['admin.hours.errors.empty']],
  [
    /^(must be a time from 00:00 to 24:00\b|cannot start at 24:00$|must be a time such as)/,
    () => ['admin.hours.errors.time'],
  ],
  [/^is not a known time zone\b/, () => ['admin.hours.errors.timezone']],
  [/^is required when hours, closures or special days are set$/, () => ['admin.hours.errors.timezoneRequired']],
  [/^is before from$/, () => ['admin.hours.errors.closureOrder']],
  [/^is in the past$/, () => ['admin.service.errors.pausePast']],
  [/^is more than a day away\b/, () => ['admin.service.errors.pauseTooLong']],
];

export function serverIssueText(t: Translate, message: string): string {
  for (const [pattern, key] of rules) {
    const m = pattern.exec(message);
    if (m) {
      const [k, values] = key(m);
      return t(k, values);
    }
  }
  return message;
}
