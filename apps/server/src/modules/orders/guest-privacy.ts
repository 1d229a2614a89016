import type { PublicOrder } from '@carte/domain';

/**
 * How long whoever holds an order's link sees the guest's delivery details in full (issue 16 item
 * 6): long enough to follow the delivery and fix a typo with the venue; afterwards the link shows
 * them masked. The venue's staff keep them whole (their board and lists do not use this view).
 */
export const DELIVERY_DETAILS_VISIBLE_MS = 24 * 60 * 60 * 1000;

const MASK = '•';

/** Each word keeps its first character: "Ada Lovelace" -> "A•• L•••••••". */
export function maskWords(text: string): string {
  return text.replace(/\S+/gu, (word) => {
    const chars = [...word];
    return chars[0]! + MASK.repeat(chars.length - 1);
  });
}

/** Only the last two digits stay: "+393331234567" -> "•••••••••••67". */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length <= 2 ? MASK.repeat(digits.length) : MASK.repeat(digits.length - 2) + digits.slice(-2);
}

/** "ada@example.com" -> "a••@e••••••.c••". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return maskWords(email);
  const domain = email
    .slice(at + 1)
    .split('.')
    .map((label) => maskWords(label))
    .join('.');
  return `${maskWords(email.slice(0, at))}@${domain}`;
}

/** True once the order is older than DELIVERY_DETAILS_VISIBLE_MS at `now`. */
export function deliveryDetailsExpired(order: Pick<PublicOrder, 'date_created'>, now: number): boolean {
  return now - Date.parse(order.date_created) >= DELIVERY_DETAILS_VISIBLE_MS;
}

/**
 * The order as its link shows it (GET /api/order, the guest's stream): after 24 hours the name,
 * phone, e-mail, address and delivery notes are masked.
 */
export function guestOrderView(order: PublicOrder, now: number): PublicOrder {
  const info = order.delivery_info;
  if (!info || !deliveryDetailsExpired(order, now)) return order;
  return {
    ...order,
    delivery_info: {
      fullName: maskWords(info.fullName),
      fullAddress: maskWords(info.fullAddress),
      email: maskEmail(info.email),
      ...(info.phone !== undefined ? { phone: maskPhone(info.phone) } : {}),
      ...(info.notes !== undefined ? { notes: maskWords(info.notes) } : {}),
    },
  };
}
