import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../i18n/react.tsx';
import { Loader2, MapPin, Utensils } from '../../../components/ui/icons-later.tsx';
import {
  addressLanguageFor,
  ADDRESS_SEARCH_DEBOUNCE_MS,
  deliveryInfoSchema,
  INVALID_EMAIL_MESSAGE,
  INVALID_PHONE_MESSAGE,
  normaliseAddress,
  shouldSearchAddress,
  type AddressSuggestion,
  type DeliveryInfo,
  type DeliveryInfoInput,
} from '@carte/domain/delivery';
import { primaryButton, secondaryButton, SheetDialog } from '../../../components/ui/sheet-dialog.tsx';
import { searchAddress } from '../api/checkout-api.ts';
import { useCartStore } from '../store/cart-store.ts';
import type { CheckoutPage } from '../lib/checkout-types.ts';

/** The domain schema's messages, localised. */
function useFieldMessage() {
  const { t } = useTranslation();
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    if (message === INVALID_PHONE_MESSAGE) return t('checkout.invalidPhone');
    if (message === INVALID_EMAIL_MESSAGE) return t('checkout.invalidEmail');
    const min = /^Minimum length (\d+) characters$/.exec(message);
    if (min) return t('checkout.minLength', { count: Number(min[1]) });
    const max = /^Maximum length (\d+) characters$/.exec(message);
    if (max) return t('checkout.maxLength', { count: Number(max[1]) });
    return message;
  };
}

/** delivery: the address form (spec sections 2 and 5). */
export function AddressDialog({ page }: { page: CheckoutPage }) {
  const { openDialog, setOrderPending, setDeliveryInfo, setDeliveryCost } = useCartStore.getState();
  const { t, i18n } = useTranslation();
  const fieldMessage = useFieldMessage();
  const id = useId();
  const stored = useCartStore((s) => s.deliveryInfo);
  const form = useForm<DeliveryInfoInput, unknown, DeliveryInfo>({
    resolver: zodResolver(deliveryInfoSchema),
    mode: 'onTouched',
    defaultValues: {
      fullName: stored?.fullName ?? '',
      phone: stored?.phone ?? '',
      email: stored?.email ?? '',
      fullAddress: stored?.fullAddress ?? '',
      notes: stored?.notes ?? '',
    },
  });
  const { register, handleSubmit, formState, setValue, trigger, control } = form;
  const [chosen, setChosen] = useState<string | null>(stored?.fullAddress ?? null);
  // The chosen suggestion's postcode and coordinates: a delivery area checks them (decision 032).
  const [place, setPlace] = useState<Pick<AddressSuggestion, 'postcode' | 'location'>>({
    ...(stored?.postcode ? { postcode: stored.postcode } : {}),
    ...(stored?.location ? { location: stored.location } : {}),
  });
  const [lookup, setLookup] = useState<{ query: string; list: AddressSuggestion[]; failed: boolean } | null>(null);
  const values = useWatch({ control });
  const address = values.fullAddress ?? '';
  const query = normaliseAddress(address);

  // Validity for the confirm button, whatever has been touched.
  const valid = deliveryInfoSchema.safeParse(values).success;
  const addressChosen = chosen !== null && normaliseAddress(chosen) === query;
  const searchable = shouldSearchAddress(address) && !addressChosen;
  const done = lookup?.query === query;
  const suggestions = searchable && done ? lookup.list : [];
  const lookupFailed = searchable && done && lookup.failed;
  const searching = searchable && !done;

  useEffect(() => {
    if (!searchable) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchAddress(query, addressLanguageFor(i18n.language), controller.signal).then(
        (list) => setLookup({ query, list, failed: false }),
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          setLookup({ query, list: [], failed: true });
        },
      );
    }, ADDRESS_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, searchable, i18n.language]);

  // Where the venue delivers (decision 032), said before the guest types: a radius or the postcodes.
  const rules = page.venue.deliveryRules;
  const area = rules?.radiusKm
    ? t('checkout.areaRadius', { km: rules.radiusKm })
    : rules?.postcodes?.length
      ? t('checkout.areaPostcodes', { postcodes: rules.postcodes.join(', ') })
      : null;

  const submit = handleSubmit(
    (data) => {
      if (!addressChosen) {
        console.info('Address form: choose a suggested address first.');
        return;
      }
      setDeliveryInfo({
        ...data,
        ...(place.postcode ? { postcode: place.postcode } : {}),
        ...(place.location ? { location: place.location } : {}),
      });
      setDeliveryCost(null);
      openDialog('deliveryRecap');
    },
    () => console.info('Address form: the form is not valid.'),
  );

  const field =
    'min-h-12 w-full rounded-xl border border-line bg-surface px-3 text-base text-fg aria-invalid:border-red-600';
  const errorText = 'text-sm text-red-700 dark:text-red-400';
  const row = (name: 'fullName' | 'phone' | 'email' | 'notes', label: string, type: string, autoComplete: string) => {
    const error = fieldMessage(formState.errors[name]?.message);
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-${name}`} className="text-sm font-semibold">
          {label}
        </label>
        <input
          id={`${id}-${name}`}
          type={type}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          className={field}
          {...register(name)}
        />
        {error ? (
          <p id={`${id}-${name}-error`} className={errorText}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const addressError = fieldMessage(formState.errors.fullAddress?.message);

  return (
    <SheetDialog
      open
      onOpenChange={(open) => (open ? undefined : openDialog(null))}
      title={t('checkout.addressTitle')}
      closeLabel={t('dialog.close')}
      footer={
        <div className="flex flex-col gap-2">
          <button type="submit" form={`${id}-form`} className={primaryButton} disabled={!valid || !addressChosen}>
            {t('checkout.confirmAddress')}
          </button>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              setOrderPending(true);
              openDialog('selectSpot');
            }}
          >
            <Utensils aria-hidden="true" className="size-5" />
            {t('checkout.orderAtTable')}
          </button>
        </div>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 py-1">
        {row('fullName', t('checkout.fullName'), 'text', 'name')}
        {row('phone', t('checkout.phone'), 'tel', 'tel')}
        {row('email', t('checkout.email'), 'email', 'email')}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-fullAddress`} className="text-sm font-semibold">
            {t('checkout.fullAddress')}
          </label>
          <input
            id={`${id}-fullAddress`}
            type="text"
            autoComplete="street-address"
            aria-invalid={addressError ? true : undefined}
            aria-describedby={`${id}-address-hint${addressError ? ` ${id}-fullAddress-error` : ''}`}
            className={field}
            {...register('fullAddress')}
          />
          <p id={`${id}-address-hint`} className="text-sm text-muted">
            {addressChosen ? null : t('checkout.addressHint')}
            {area ? (
              <>
                {' '}
                <span className="block">{area}</span>
              </>
            ) : null}
          </p>
          {addressError ? (
            <p id={`${id}-fullAddress-error`} className={errorText}>
              {addressError}
            </p>
          ) : null}
          {lookupFailed ? <p className={errorText}>{t('checkout.deliveryError')}</p> : null}
          <div aria-live="polite" className="sr-only">
            {searching ? t('checkout.searching') : null}
          </div>
          {searching ? <Loader2 aria-hidden="true" className="size-5 animate-spin text-muted" /> : null}
          {suggestions.length > 0 ? (
            <ul
              aria-label={t('checkout.suggestions')}
              className="max-h-40 overflow-y-auto overscroll-contain rounded-xl border border-line"
            >
              {suggestions.map((s) => (
                <li key={s.full_address}>
                  <button
                    type="button"
                    className="flex min-h-11 w-full items-center gap-2 px-3 py-2 text-left hover:bg-surface-2"
                    onClick={() => {
                      setChosen(s.full_address);
                      setPlace({
                        ...(s.postcode ? { postcode: s.postcode } : {}),
                        ...(s.location ? { location: s.location } : {}),
                      });
                      setValue('fullAddress', s.full_address, { shouldTouch: true, shouldDirty: true });
                      void trigger('fullAddress');
                    }}
                  >
                    <MapPin aria-hidden="true" className="size-4 shrink-0 text-muted" />
                    {s.full_address}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {searchable && done && !lookupFailed && suggestions.length === 0 ? (
            <p className="text-sm text-muted">{t('checkout.noSuggestions')}</p>
          ) : null}
        </div>
        {row('notes', t('checkout.notes'), 'text', 'off')}
      </form>
    </SheetDialog>
  );
}
