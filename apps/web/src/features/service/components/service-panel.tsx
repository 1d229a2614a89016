import { useCallback, useEffect, useId, useState } from 'react';
import { Pause, Play, Timer } from 'lucide-react';
import { PAUSE_CHOICES } from '@carte/domain/contracts/venue-service';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { formatVenueTime } from '../../../lib/venue-time.ts';
import {
  getServiceState,
  pauseOrdering,
  resumeOrdering,
  setPrepMinutes,
  type VenueServiceState,
} from '../api/service-api.ts';

/**
 * How often the panel reads the state again besides the board's `venue.updated` events (a pause that
 * ends by itself sends none).
 */
const REFRESH_MS = 30_000;
const button =
  'inline-flex min-h-11 items-center gap-2 rounded-lg border border-line bg-surface px-3 font-semibold disabled:opacity-50';

/**
 * The board's service controls (architecture 4.10): open or closed now, pause ordering for the venue
 * or a category (15, 30, 60 minutes or until resumed) with a message guests see, resume, and the
 * current prep time. Tells the board the prep time so it marks orders waiting longer.
 */
export function ServicePanel({
  venueId,
  onPrepMinutes,
  refreshSignal = 0,
}: {
  venueId: string;
  onPrepMinutes?: (minutes: number | null) => void;
  /** Changes when the board hears that the service settings changed (event `venue.updated`): read them again. */
  refreshSignal?: number;
}) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const [state, setState] = useState<VenueServiceState | null>(null);
  const [message, setMessage] = useState('');
  const [prep, setPrep] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const apply = useCallback(
    (next: VenueServiceState) => {
      setState(next);
      onPrepMinutes?.(next.prepMinutes);
    },
    [onPrepMinutes],
  );

  useEffect(() => {
    const controller = new AbortController();
    const load = () =>
      getServiceState(venueId, controller.signal).then(
        (s) => {
          apply(s);
          setPrep((current) => current || (s.prepMinutes ? String(s.prepMinutes) : ''));
        },
        () => undefined,
      );
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [venueId, apply, refreshSignal]);

  const run = async (action: () => Promise<VenueServiceState | unknown>, done: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await action();
      if (answer && typeof answer === 'object' && 'venueId' in answer) apply(answer as VenueServiceState);
      else apply(await getServiceState(venueId));
      notify(done, { kind: 'success' });
    } catch (error) {
      const issue = isApiError(error) ? error.issues[0] : undefined;
      setProblem(issue?.message ?? (error instanceof Error ? error.message : String(error)));
    } finally {
      setBusy(false);
    }
  };

  if (!state) return null;
  const time = (iso: string) => formatVenueTime(iso, i18n.resolvedLanguage, state.timezone);
  const text = message.trim() ? { message: message.trim() } : {};
  const status = state.pause
    ? state.pause.until
      ? t('admin.service.pausedUntil', { time: time(state.pause.until) })
      : t('admin.service.pausedIndef')
    : state.open
      ? state.closesAt
        ? t('admin.service.open', { time: time(state.closesAt) })
        : t('admin.service.openAlways')
      : state.nextOpening
        ? t('admin.service.closedUntil', { time: time(state.nextOpening) })
        : t('admin.service.closed');

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-line bg-surface px-3 py-2"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={`${ids}-title`} className="text-lg font-bold">
          {t('admin.service.title')}
        </h2>
        <p
          aria-live="polite"
          data-testid="service-status"
          className={state.pause || !state.open ? 'font-semibold text-amber-800' : 'font-semibold'}
        >
          {status}
        </p>
      </div>

      {state.pause ? (
        <button
          type="button"
          className={`${button} self-start`}
          disabled={busy}
          onClick={() => void run(() => resumeOrdering(venueId), t('admin.service.resumedDone'))}
        >
          <Play aria-hidden="true" className="size-4" />
          {t('admin.service.resume')}
        </button>
      ) : null}

      {/* Folded on the board (the orders come first on a tablet): pausing stays two taps away. */}
      {/* Open, the controls take the panel's whole width under its title. */}
      <details className="open:basis-full">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold">{t('admin.service.controls')}</summary>
        <div className="flex flex-col gap-3 pt-1">
          {state.pause ? null : (
            <fieldset className="flex flex-col gap-2" disabled={busy}>
              <legend className="font-semibold">{t('admin.service.pauseTitle')}</legend>
              <label className="flex flex-col gap-1 text-sm">
                {t('admin.service.message')}
                <input
                  className="min-h-11 rounded-lg border border-line bg-bg px-3"
                  value={message}
                  maxLength={200}
                  onChange={(e) => setMessage(e.target.value)}
                />
              </label>
              <div className="flex flex-wrap gap-2">
                {PAUSE_CHOICES.map((minutes) => (
                  <button
                    key={minutes}
                    type="button"
                    className={button}
                    onClick={() =>
                      void run(() => pauseOrdering({ venueId, minutes, ...text }), t('admin.service.pausedDone'))
                    }
                  >
                    <Pause aria-hidden="true" className="size-4" />
                    {t('admin.service.pauseFor', { minutes })}
                  </button>
                ))}
                <button
                  type="button"
                  className={button}
                  onClick={() => void run(() => pauseOrdering({ venueId, ...text }), t('admin.service.pausedDone'))}
                >
                  <Pause aria-hidden="true" className="size-4" />
                  {t('admin.service.untilResumed')}
                </button>
              </div>
            </fieldset>
          )}

          {state.categories.length ? (
            <details>
              <summary className="min-h-11 cursor-pointer py-2 font-semibold">{t('admin.service.categories')}</summary>
              <ul className="flex flex-wrap gap-2">
                {state.categories.map((c) => (
                  <li key={c.id}>
                    <button
                      type="button"
                      className={button}
                      disabled={busy}
                      aria-pressed={c.pause ? true : false}
                      onClick={() =>
                        void (c.pause
                          ? run(() => resumeOrdering(venueId, c.id), t('admin.service.resumedDone'))
                          : run(
                              () => pauseOrdering({ venueId, categoryId: c.id, ...text }),
                              t('admin.service.pausedDone'),
                            ))
                      }
                    >
                      {c.pause ? (
                        <Play aria-hidden="true" className="size-4" />
                      ) : (
                        <Pause aria-hidden="true" className="size-4" />
                      )}
                      {c.pause
                        ? t('admin.service.resumeCategory', { name: c.name })
                        : t('admin.service.pauseCategory', { name: c.name })}
                    </button>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}

          <form
            noValidate
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              const minutes = prep.trim() === '' ? null : Number(prep);
              if (minutes !== null && !(Number.isInteger(minutes) && minutes >= 0 && minutes <= 240)) {
                setProblem(t('admin.hours.errors.lastOrder'));
                return;
              }
              void run(() => setPrepMinutes(venueId, minutes), t('admin.service.prepSaved'));
            }}
          >
            <label className="flex flex-col gap-1 text-sm">
              {t('admin.service.prep')}
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={240}
                className="min-h-11 w-28 rounded-lg border border-line bg-bg px-3"
                value={prep}
                onChange={(e) => setPrep(e.target.value)}
              />
            </label>
            <button type="submit" className={button} disabled={busy}>
              <Timer aria-hidden="true" className="size-4" />
              {t('admin.service.savePrep')}
            </button>
          </form>
        </div>
      </details>
      {problem ? (
        <p role="alert" className="basis-full text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
