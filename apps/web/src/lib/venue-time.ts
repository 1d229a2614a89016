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
    default:
      return null;
  }
}
