import type { PublicAvailability } from '@carte/domain/availability';
import type { TFunction } from '../i18n/translator.ts';

/**
 * Times of the venue's hours as guests read them: in the venue's time zone (not the phone's), in the
 * guest's language; the day is named only when it is not today there ("19:00", "Thu 19:00").
 */
export function formatVenueTime(iso: string, language: string, timezone: string | undefined, now = Date.now()): string {
  const at = new Date(iso);
  const zone = timezone ? { timeZone: timezone } : {};
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { ...zone, dateStyle: 'short' }).format(d);
  const sameDay = day(at) === day(new Date(now));
  return new Intl.DateTimeFormat(language, {
    ...zone,
    ...(sameDay ? {} : { weekday: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

/** What the guest pages say about ordering now, or null when there is nothing to say. */
export function availabilityText(
  availability: PublicAvailability | undefined,
  t: TFunction,
  language: string,
  now = Date.now(),
): { tone: 'closed' | 'open'; text: string; detail?: string } | null {
  if (!availability) return null;
  const time = (iso: string) => formatVenueTime(iso, language, availability.timezone, now);
  const prep = availability.prepMinutes ? t('availability.prep', { minutes: availability.prepMinutes }) : undefined;
  if (availability.paused) {
    const text = availability.paused.until
      ? t('availability.pausedUntil', { time: time(availability.paused.until) })
      : t('availability.paused');
    return { tone: 'closed', text, ...(availability.paused.message ? { detail: availability.paused.message } : {}) };
  }
  if (!availability.open) {
    return {
      tone: 'closed',
      text: availability.nextOpening
        ? t('availability.closedUntil', { time: time(availability.nextOpening) })
        : t('availability.closed'),
    };
  }
  if (availability.closesAt) {
    const text = t('availability.openUntil', { time: time(availability.closesAt) });
    return { tone: 'open', text, ...(prep ? { detail: prep } : {}) };
  }
  return prep ? { tone: 'open', text: prep } : null;
}

/** The toast of an order the venue refused (409 of architecture 4.10), or null for another error. */
export function refusedOrderText(
  error: { code?: string; body?: Record<string, unknown> | undefined } | null | undefined,
  t: TFunction,
  language: string,
  timezone: string | undefined,
): string | null {
  const body = (error?.body ?? {}) as { nextOpening?: string; message?: string };
  switch (error?.code) {
    case 'VENUE_CLOSED':
      return body.nextOpening
        ? t('availability.refusedClosedUntil', { time: formatVenueTime(body.nextOpening, language, timezone) })
        : t('availability.refusedClosed');
    case 'ORDERING_PAUSED':
      return body.message ? `${t('availability.refusedPaused')} ${body.message}` : t('availability.refusedPaused');
    case 'NOT_AVAILABLE_NOW':
      return t('availability.refusedNotNow');
    // Pickup and delivery limits (decision 032)
    case 'PICKUP_SLOT_UNAVAILABLE':
      return t('checkout.pickupSlotGone');
    case 'PICKUP_NOT_AVAILABLE':
      return t('checkout.pickupUnavailable');
    case 'DELIVERY_OUTSIDE_AREA':
      return t('checkout.outsideArea');
    case 'DELIVERY_LOCATION_REQUIRED':
      return t('checkout.locationRequired');
    default:
      return null;
  }
}

/**
 * A time written with the venue's offset ("2026-11-26T19:30:00+01:00", a pickup time) as its wall
 * clock there, in the guest's language ("19:30"; "Fri 19:30" when it is not today there). No zone
 * database needed: the offset in the text is the venue's at that instant.
 */
export function formatWallTime(iso: string, language: string, now = Date.now()): string {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.exec(iso);
  if (!m) return iso;
  const offset = m[2] === 'Z' ? 0 : (m[2]!.startsWith('-') ? -1 : 1) * (Number(m[2]!.slice(1, 3)) * 60 + Number(m[2]!.slice(4, 6)));
  const wall = new Date(`${m[1]}:00Z`);
  const today = new Date(now + offset * 60_000).toISOString().slice(0, 10);
  const sameDay = m[1]!.slice(0, 10) === today;
  return new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    ...(sameDay ? {} : { weekday: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(wall);
}
