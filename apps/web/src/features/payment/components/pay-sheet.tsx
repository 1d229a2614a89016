import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { formatPrice, toMinor } from '@carte/domain/money';
import { SheetDialog } from '../../../components/ui/sheet-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { confirmPayment, createPaymentIntent, type PaymentIntentAnswer } from '../api/payment-api.ts';
import { loadStripeFrom, PaymentScriptError } from '../lib/load-stripe.ts';
import { addPaymentStrings, paymentErrorKey } from '../lib/payment-strings.ts';
import { TIP_CHOICES, tipMinorFor, tipRequestFor, type TipChoice } from '../lib/tip.ts';

const PRIMARY =
  'inline-flex min-h-12 w-full items-center justify-center rounded-full bg-brand px-5 text-lg font-semibold text-brand-contrast disabled:opacity-60';

type Stage = { step: 'tip' } | { step: 'card'; intent: PaymentIntentAnswer; stripe: Promise<Stripe> };

/** A part of a table's bill paid through this sheet (decision 034). */
export interface PayablePart {
  /** The part before the tip, in minor units, as the guest chose it. */
  amountMinor: number;
  title: string;
  /** The summary's first line ("Your part"). */
  label: string;
  /** Takes the part with this tip (minor units) and answers its card intent. */
  createIntent: (tipMinor: number) => Promise<PaymentIntentAnswer>;
  /** The sheet was closed with the part taken but not paid: give it back. */
  onAbandon: (intent: PaymentIntentAnswer) => void;
}

/**
 * The pay sheet (docs/ui.md "Paying"): the order total, the tip (none, 5, 10, 15 % or another
 * amount), then Stripe's Payment Element. The amount on the button is always total + tip; the
 * server computes the same amount from the order (create-intent), Stripe takes the card, and the
 * server checks with Stripe (confirm-payment) before the order shows "Paid".
 */
export default function PaySheet({
  order,
  open,
  onOpenChange,
  onPaid,
  part,
}: {
  order: PublicOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The order as it is now that the server confirmed the payment (the page shows "Paid" at once). */
  onPaid: (order: PublicOrder) => void;
  /**
   * A guest's part of a table's bill (decision 034) instead of the whole order: its amount (what the
   * sheet shows before the server says the exact part), its title, how its intent is made (the
   * part is taken with the tip), and what to do when the guest closes the sheet without paying.
   */
  part?: PayablePart;
}) {
  const { t, i18n } = useTranslation();
  addPaymentStrings(i18n);
  const [choice, setChoice] = useState<TipChoice>({ kind: 'percent', percent: 0 });
  const [customText, setCustomText] = useState('');
  const [stage, setStage] = useState<Stage>({ step: 'tip' });
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The card step: Stripe.js's outcome for the current promise, the payment in flight, its failure.
  const [outcome, setOutcome] = useState<
    { for: Promise<Stripe>; stripe: Stripe } | { for: Promise<Stripe>; error: string } | null
  >(null);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<{ message: string; detail?: string } | null>(null);
  // The card form (inside Stripe's <Elements>) hands its submit here, for the footer's button.
  const submitCard = useRef<(() => void) | null>(null);
  const customId = useId();
  const errorId = useId();

  const totalMinor = part ? part.amountMinor : toMinor(order.total);
  const money = (minor: number) => formatPrice(minor, order.currency, i18n.language);
  const current: TipChoice = choice.kind === 'custom' ? { kind: 'custom', text: customText } : choice;
  const tipMinor = tipMinorFor(totalMinor, current);
  const amountMinor = stage.step === 'card' ? toMinor(stage.intent.amount) : totalMinor + (tipMinor ?? 0);
  const shownTipMinor = stage.step === 'card' ? toMinor(stage.intent.tip) : (tipMinor ?? 0);
  // Once the part is taken, the server's exact part (it may differ by a cent from the estimate).
  const baseMinor = stage.step === 'card' ? amountMinor - shownTipMinor : totalMinor;

  const startPayment = async () => {
    if (tipMinor === null) {
      setError(t('payment.tipInvalid'));
      return;
    }
    setCreating(true);
    setError(null);
    try {
      const intent = part
        ? await part.createIntent(tipMinor)
        : await createPaymentIntent(order.id, tipRequestFor(current, tipMinor));
      const stripe = loadStripeFrom(intent.scriptUrl, intent.publishableKey, i18n.language);
      stripe.catch(() => undefined);
      setPayError(null);
      setStage({ step: 'card', intent, stripe });
    } catch (e) {
      setError(t(paymentErrorKey(isApiError(e) ? e.code : undefined)));
    } finally {
      setCreating(false);
    }
  };

  const stagePromise = stage.step === 'card' ? stage.stripe : null;
  useEffect(() => {
    if (!stagePromise) return;
    let live = true;
    stagePromise.then(
      (s) => live && setOutcome({ for: stagePromise, stripe: s }),
      (e: unknown) =>
        live &&
        setOutcome({
          for: stagePromise,
          error:
            e instanceof PaymentScriptError && e.problem === 'not available'
              ? t('payment.notAvailable')
              : t('payment.scriptFailed'),
        }),
    );
    return () => {
      live = false;
    };
  }, [stagePromise, t]);
  const loaded = stagePromise && outcome?.for === stagePromise ? outcome : null;

  const paid = () => {
    onPaid({
      ...order,
      payment_status: 'paid',
      tip: stage.step === 'card' ? stage.intent.tip : order.tip,
      updated_at: new Date().toISOString(),
    });
    notify(t('payment.paidToast'), { kind: 'success' });
    onOpenChange(false);
  };

  const summary = (
    <dl className="flex flex-col gap-1">
      <div className="flex justify-between">
        <dt>{part ? part.label : t('payment.orderTotal')}</dt>
        <dd className="tabular-nums">{money(baseMinor)}</dd>
      </div>
      <div className="flex justify-between text-muted">
        <dt>{t('payment.tipLine')}</dt>
        <dd className="tabular-nums">{money(shownTipMinor)}</dd>
      </div>
      <div className="flex justify-between text-lg font-bold">
        <dt>{t('payment.toPay')}</dt>
        <dd className="tabular-nums" data-testid="pay-amount">
          {money(amountMinor)}
        </dd>
      </div>
    </dl>
  );

  const tipFieldset = (
    <fieldset className="flex flex-col gap-3 pt-1">
      <legend className="mb-2 font-semibold">{t('payment.tipLegend')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {TIP_CHOICES.map((option) => {
          const percent = option.kind === 'percent' ? option.percent : 0;
          const selected = choice.kind === 'percent' && choice.percent === percent;
          return (
            <label
              key={percent}
              className="flex min-h-12 cursor-pointer flex-col items-center justify-center rounded-2xl border border-line px-2 text-center has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-brand-contrast has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand"
            >
              <input
                type="radio"
                name="tip"
                className="sr-only"
                checked={selected}
                onChange={() => {
                  setChoice(option);
                  setError(null);
                }}
              />
              <span className="font-semibold">
                {percent === 0 ? t('payment.tipNone') : t('payment.tipPercent', { percent })}
              </span>
              {percent === 0 ? null : (
                <span className="text-sm tabular-nums">{money(tipMinorFor(totalMinor, option) ?? 0)}</span>
              )}
            </label>
          );
        })}
        <label className="flex min-h-12 cursor-pointer items-center justify-center rounded-2xl border border-line px-2 text-center font-semibold has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-brand-contrast has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand">
          <input
            type="radio"
            name="tip"
            className="sr-only"
            checked={choice.kind === 'custom'}
            onChange={() => {
              setChoice({ kind: 'custom', text: customText });
              setError(null);
            }}
          />
          {t('payment.tipCustom')}
        </label>
      </div>
      {choice.kind === 'custom' ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={customId} className="font-semibold">
            {t('payment.tipCustomLabel')}
          </label>
          <input
            id={customId}
            inputMode="decimal"
            autoComplete="off"
            value={customText}
            aria-invalid={tipMinor === null}
            onChange={(e) => {
              setCustomText(e.target.value);
              setError(null);
            }}
            className="min-h-12 rounded-2xl border border-line bg-surface px-3 text-lg tabular-nums"
          />
          {tipMinor === null ? (
            <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">
              {t('payment.tipInvalid')}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );

  const payErrorId = `${errorId}-pay`;
  let footer: ReactNode = null;
  if (stage.step === 'tip') {
    footer = (
      <div className="flex flex-col gap-2">
        {summary}
        {error ? (
          <p id={errorId} role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
        <button
          type="button"
          className={PRIMARY}
          disabled={creating}
          aria-describedby={error ? errorId : undefined}
          onClick={() => void startPayment()}
        >
          {t('payment.proceed', { amount: money(amountMinor) })}
        </button>
      </div>
    );
  } else if (loaded && 'stripe' in loaded) {
    footer = (
      <div className="flex flex-col gap-2">
        {summary}
        {payError ? (
          <div id={payErrorId} role="alert" className="flex flex-col gap-0.5">
            <p className="font-semibold text-red-700 dark:text-red-300">{payError.message}</p>
            {payError.detail ? <p className="text-sm text-muted">{payError.detail}</p> : null}
          </div>
        ) : null}
        <button
          type="button"
          className={PRIMARY}
          disabled={paying}
          aria-describedby={payError ? payErrorId : undefined}
          onClick={() => submitCard.current?.()}
        >
          {paying ? t('payment.paying') : t('payment.pay', { amount: money(amountMinor) })}
        </button>
        <button
          type="button"
          onClick={() => {
            setPayError(null);
            setStage({ step: 'tip' });
          }}
          disabled={paying}
          className="min-h-11 self-center rounded-full px-4 font-semibold text-brand underline-offset-4 hover:underline"
        >
          {t('payment.changeTip')}
        </button>
      </div>
    );
  }

  return (
    <SheetDialog
      open={open}
      onOpenChange={(next) => {
        // A payment in flight finishes before the sheet may close.
        if (!next && paying) return;
        // A part taken and not paid is given back to the table, and the sheet starts again.
        if (!next && part && stage.step === 'card') {
          part.onAbandon(stage.intent);
          setStage({ step: 'tip' });
        }
        onOpenChange(next);
      }}
      title={part ? part.title : t('payment.sheetTitle', { number: order.number })}
      description={t('payment.sheetDescription')}
      closeLabel={t('payment.close')}
      footer={footer}
    >
      {stage.step === 'tip' ? (
        tipFieldset
      ) : !loaded ? (
        <p role="status" className="py-6 text-center text-muted">
          {t('payment.loadingForm')}
        </p>
      ) : 'error' in loaded ? (
        <div className="flex flex-col gap-3 py-4">
          <p role="alert" className="font-semibold text-red-700 dark:text-red-300">
            {loaded.error}
          </p>
          <button
            type="button"
            className={PRIMARY}
            onClick={() =>
              setStage({
                step: 'card',
                intent: stage.intent,
                stripe: loadStripeFrom(stage.intent.scriptUrl, stage.intent.publishableKey, i18n.language),
              })
            }
          >
            {t('payment.retry')}
          </button>
        </div>
      ) : (
        <Elements
          key={stage.intent.paymentId}
          stripe={loaded.stripe}
          options={{
            clientSecret: stage.intent.clientSecret,
            locale: (['en', 'fr', 'it', 'de', 'th'].includes(i18n.language) ? i18n.language : 'auto') as 'auto',
          }}
        >
          <CardForm
            intent={stage.intent}
            orderId={order.id}
            submitRef={submitCard}
            onPaying={setPaying}
            onError={setPayError}
            onPaid={paid}
          />
        </Elements>
      )}
    </SheetDialog>
  );
}

/**
 * The Payment Element and what the pay button does: Stripe confirms the card in the browser,
 * then the server checks the intent with Stripe (confirm-payment) before the order is paid.
 */
function CardForm({
  intent,
  orderId,
  submitRef,
  onPaying,
  onError,
  onPaid,
}: {
  intent: PaymentIntentAnswer;
  orderId: string;
  submitRef: { current: (() => void) | null };
  onPaying: (paying: boolean) => void;
  onError: (error: { message: string; detail?: string } | null) => void;
  onPaid: () => void;
}) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const busy = useRef(false);

  const pay = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!stripe || !elements || busy.current) return;
    busy.current = true;
    onPaying(true);
    onError(null);
    try {
      const result = await stripe.confirmPayment({ elements, redirect: 'if_required' });
      if (result.error) {
        onError({ message: t('payment.failed'), detail: result.error.message });
        return;
      }
      const status = result.paymentIntent?.status;
      if (status !== 'succeeded' && status !== 'processing') {
        onError({ message: t('payment.failed') });
        return;
      }
      await confirmPayment(orderId, result.paymentIntent?.id ?? intent.paymentId);
      onPaid();
    } catch (e) {
      onError({ message: t(paymentErrorKey(isApiError(e) ? e.code : undefined)) });
    } finally {
      busy.current = false;
      onPaying(false);
    }
  };

  useEffect(() => {
    submitRef.current = () => void pay();
    return () => {
      submitRef.current = null;
    };
  });

  // Enter in a field of the Payment Element submits too.
  return (
    <form onSubmit={(e) => void pay(e)} className="pt-1">
      <PaymentElement options={{ layout: 'tabs' }} />
    </form>
  );
}
