import type { PublicAvailability } from '@carte/domain/availability';
import { useTranslation } from '../../../i18n/react.tsx';
import { availabilityText } from '../../../lib/venue-time.ts';

/**
 * Says on every guest page whether the venue takes orders now (architecture 4.10): closed with the
 * next opening, paused with the staff's message, or open until when with the current prep time,
 * in the guest's language and the venue's time. Nothing when there is nothing to say.
 */
export function AvailabilityBanner({ availability }: { availability: PublicAvailability | undefined }) {
  const { t, i18n } = useTranslation();
  const said = availabilityText(availability, t, i18n.resolvedLanguage);
  if (!said) return null;
  const closed = said.tone === 'closed';
  return (
    <section
      role="status"
      aria-label={t('availability.label')}
      data-testid="availability"
      data-state={closed ? 'closed' : 'open'}
      className={
        closed
          ? 'mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950'
          : 'mt-3 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-950'
      }
    >
      <p className="font-medium">{said.text}</p>
      {said.detail ? <p>{said.detail}</p> : null}
    </section>
  );
}
