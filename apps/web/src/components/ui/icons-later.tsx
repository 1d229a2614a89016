import { icon } from './icons.tsx';

/**
 * The icons of what loads after the first screen (checkout dialogs, order page, pay sheet): lucide's
 * shapes, drawn by icons.tsx's `icon`. They ship with the chunks that use them, not the first load.
 */

/** lucide check */
export const Check = icon(
  <>
    <path d="M20 6 9 17l-5-5" />
  </>,
);
/** lucide credit-card */
export const CreditCard = icon(
  <>
    <rect width="20" height="14" x="2" y="5" rx="2" />
    <line x1="2" x2="22" y1="10" y2="10" />
    <path d="M6 14h2" />
  </>,
);
/** lucide external-link */
export const ExternalLink = icon(
  <>
    <path d="M15 3h6v6" />
    <path d="M10 14 21 3" />
    <path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />
  </>,
);
/** lucide loader-circle */
export const Loader2 = icon(
  <>
    <path d="M21 12a9 9 0 1 1-6.219-8.56" />
  </>,
);
/** lucide map-pin */
export const MapPin = icon(
  <>
    <path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0" />
    <circle cx="12" cy="10" r="3" />
  </>,
);
/** lucide trash */
export const Trash2 = icon(
  <>
    <path d="M10 11v6" />
    <path d="M14 11v6" />
    <path d="M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6" />
    <path d="M3 6h18" />
    <path d="M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" />
  </>,
);
/** lucide utensils */
export const Utensils = icon(
  <>
    <path d="M3 2v7c0 1.1.9 2 2 2h4a2 2 0 0 0 2-2V2" />
    <path d="M7 2v20" />
    <path d="M21 15V2a5 5 0 0 0-5 5v6c0 1.1.9 2 2 2h3Zm0 0v7" />
  </>,
);
/** lucide bike */
export const Bike = icon(
  <>
    <circle cx="18.5" cy="17.5" r="3.5" />
    <circle cx="5.5" cy="17.5" r="3.5" />
    <circle cx="15" cy="5" r="1" />
    <path d="M12 17.5V14l-3-3 4-3 2 3h2" />
  </>,
);
