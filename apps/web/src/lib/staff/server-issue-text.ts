import type { FieldIssue } from '@carte/domain/errors';

/**
 * A field problem the server refused, in the staff's language, chosen by its code and built from its
 * params (decision 023: `{path, code, params, message}`). The forms check most rules themselves;
 * these are the ones only the server can see (a photo or category removed meanwhile, a table named
 * twice) or that a form lets through. A code not known here shows the server's English message.
 */
type Translate = (key: string, values?: Record<string, string | number>) => string;
export type ServerIssue = Pick<FieldIssue, 'path' | 'code' | 'message'> & { params?: FieldIssue['params'] };

const S = 'admin.serverIssues.';

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));
const text = (v: unknown) => (typeof v === 'string' ? v : String(v ?? ''));

/** The i18n key and values for an issue, or null when the code (or its variant) has no text here. */
function keyOf(issue: ServerIssue): [string, Record<string, string | number>?] | null {
  const p = issue.params ?? {};
  switch (issue.code) {
    case 'required':
      return [`${S}required`];
    case 'too_big':
      if (p.origin === 'string') return [`${S}maxChars`, { max: num(p.max) }];
      if (p.origin === 'number') return [`${S}max`, { max: num(p.max) }];
      return [`${S}tooManyEntries`, { max: num(p.max) }];
    case 'too_small':
      if (p.origin === 'string') return num(p.min) <= 1 ? [`${S}required`] : [`${S}minChars`, { min: num(p.min) }];
      if (p.origin === 'number') return [`${S}min`, { min: num(p.min) }];
      if (issue.path === 'spots') return [`${S}oneTable`];
      return [`${S}minEntries`, { min: num(p.min) }];
    case 'invalid_type':
      if (p.expected === 'int') return ['admin.productForm.errors.wholeNumber'];
      if (p.expected === 'number') return [`${S}number`];
      return null;
    case 'two_decimals':
      return ['admin.productForm.errors.twoDecimals'];
    case 'phone':
      return ['admin.settingsPage.errors.phone'];
    case 'colour':
      return ['admin.settingsPage.errors.colour'];
    case 'reserved':
      return ['admin.settingsPage.errors.deliveryReserved'];
    // Pickup and delivery limits (decision 032)
    case 'postcode':
      return ['admin.settingsPage.errors.postcode'];
    case 'conflict':
      return /postcodes/.test(issue.path) ? ['admin.settingsPage.errors.radiusOrPostcodes'] : null;
    case 'not_found':
      return [`${S}image`];
    case 'unknown_reference':
      return /categor/.test(issue.path) ? [`${S}unknownCategory`, { name: text(p.name) }] : null;
    case 'duplicate':
      if (/rates/.test(issue.path)) return ['admin.taxPage.errors.duplicateRate'];
      return /spots/.test(issue.path) ? [`${S}duplicateTable`, { name: text(p.name) }] : null;
    case 'three_decimals':
      return ['admin.taxPage.errors.threeDecimals'];
    case 'unknown_rate':
      // A dish's or a category's rate (a select of the venue's rates): removed meanwhile.
      return issue.path === 'taxRate' ? ['admin.taxPage.errors.rateGone'] : ['admin.taxPage.errors.unknownRate'];
    case 'invalid_format':
      return p.format === 'email' ? [`${S}email`] : null;
    case 'negative_price':
      return ['admin.productForm.errors.cheapestBelowZero'];
    case 'min_above_max':
      return ['admin.productForm.errors.minAboveMax'];
    case 'min_above_options':
      return ['admin.productForm.errors.minAboveOptions'];
    // Opening hours and pauses (domain hours.ts, contracts/venue-service.ts)
    case 'time':
    case 'invalid_range':
      return ['admin.hours.errors.time'];
    case 'empty_range':
      return ['admin.hours.errors.empty'];
    case 'inverted_range':
      return ['admin.hours.errors.inverted'];
    case 'overlapping_ranges':
      return ['admin.hours.errors.overlap'];
    case 'timezone':
      return ['admin.hours.errors.timezone'];
    case 'timezone_required':
      return ['admin.hours.errors.timezoneRequired'];
    case 'ends_before_start':
      return ['admin.hours.errors.closureOrder'];
    case 'in_the_past':
      return ['admin.service.errors.pausePast'];
    case 'too_far':
      return ['admin.service.errors.pauseTooLong'];
    default:
      return null;
  }
}

export function serverIssueText(t: Translate, issue: ServerIssue): string {
  const found = keyOf(issue);
  return found ? t(found[0], found[1]) : issue.message;
}
