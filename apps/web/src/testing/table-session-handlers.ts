import { http, HttpResponse } from 'msw';
import type { TableSession } from '@carte/domain/contracts/table-session';

/**
 * A fake of the table session routes (decision 034) with state: members join with the right token,
 * lines go to one cart with who added them, a round moves the cart to the bill. Requests are recorded.
 */
export function fakeTableSession(opts: {
  token: string;
  spot: string;
  venueUrl: string;
  prices: Record<string, { name: string; price: number }>;
}) {
  const members: { id: string; name: string; secret: string }[] = [];
  let version = 1;
  let cart: TableSession['cart'] = [];
  let bill: TableSession['bill'] = null;
  const requests: { method: string; path: string; body: unknown; member: string | null }[] = [];
  const base = (me: { id: string; name: string }): TableSession => ({
    id: 'session-1',
    venueId: 'venue-luca',
    venueUrl: opts.venueUrl,
    spot: opts.spot,
    status: 'open',
    version,
    currency: 'eur',
    members: members.map((m) => ({ id: m.id, name: m.name })),
    me,
    cart,
    cart_total: cart.reduce((s, l) => s + l.total, 0),
    bill,
    split: bill
      ? {
          total: bill.total,
          paid: 0,
          held: 0,
          remaining: bill.total,
          lines: bill.items.map((item, i) => ({
            id: `bill-line-${i + 1}`,
            name: item.name,
            quantity: item.quantity,
            total: item.total,
            share: item.total,
            claims: [],
          })),
          parts: [],
        }
      : null,
  });
  const who = (request: Request) => members.find((m) => m.secret === request.headers.get('x-table-member'));
  const refuse = () =>
    HttpResponse.json(
      { success: false, code: 'TABLE_MEMBER_UNKNOWN', error: 'Join the table first.' },
      { status: 401 },
    );
  const handlers = [
    http.post('*/api/table/join', async ({ request }) => {
      const body = (await request.json()) as { spot: string; token: string; name?: string };
      requests.push({ method: 'POST', path: '/api/table/join', body, member: null });
      if (body.token !== opts.token || body.spot !== opts.spot) {
        return HttpResponse.json(
          { success: false, code: 'TABLE_TOKEN_INVALID', error: "This table's code is not valid any more." },
          { status: 403 },
        );
      }
      const member = {
        id: `m${members.length + 1}`,
        name: body.name ?? `Guest ${members.length + 1}`,
        secret: `secret-${members.length + 1}`,
      };
      members.push(member);
      version++;
      return HttpResponse.json(
        { success: true, data: { memberToken: member.secret, session: base(member) } },
        { status: 201 },
      );
    }),
    http.put('*/api/table/member', async ({ request }) => {
      const me = who(request);
      const body = await request.json();
      requests.push({ method: 'PUT', path: '/api/table/member', body, member: me?.id ?? null });
      return me ? HttpResponse.json({ success: true, data: base(me) }) : refuse();
    }),
    http.get('*/api/table/session', ({ request }) => {
      const me = who(request);
      return me ? HttpResponse.json({ success: true, data: base(me) }) : refuse();
    }),
    http.post('*/api/table/cart', async ({ request }) => {
      const me = who(request);
      const body = (await request.json()) as {
        productId: string;
        variationIds: string[];
        quantity: number;
        notes?: string | null;
      };
      requests.push({ method: 'POST', path: '/api/table/cart', body, member: me?.id ?? null });
      if (!me) return refuse();
      const product = opts.prices[body.productId]!;
      cart = [
        ...cart,
        {
          id: `line-${cart.length + 1}`,
          productId: body.productId,
          name: product.name,
          variations: [],
          quantity: body.quantity,
          notes: body.notes ?? null,
          unit_price: product.price,
          total: product.price * body.quantity,
          addedBy: { id: me.id, name: me.name },
        },
      ];
      version++;
      return HttpResponse.json({ success: true, data: base(me) }, { status: 201 });
    }),
    http.patch('*/api/table/cart', async ({ request }) => {
      const me = who(request);
      const body = (await request.json()) as { lineId: string; quantity: number };
      requests.push({ method: 'PATCH', path: '/api/table/cart', body, member: me?.id ?? null });
      if (!me) return refuse();
      cart = cart
        .map((l) => (l.id === body.lineId ? { ...l, quantity: body.quantity, total: l.unit_price * body.quantity } : l))
        .filter((l) => l.quantity > 0);
      version++;
      return HttpResponse.json({ success: true, data: base(me) });
    }),
    http.post('*/api/table/order', ({ request }) => {
      const me = who(request);
      requests.push({ method: 'POST', path: '/api/table/order', body: null, member: me?.id ?? null });
      if (!me) return refuse();
      const items = cart.map((l) => ({
        productId: l.productId,
        name: l.name,
        quantity: l.quantity,
        unit_price: l.unit_price,
        total: l.total,
        variations: [],
        notes: l.notes,
      }));
      const total = items.reduce((s, i) => s + i.total, 0) + (bill?.total ?? 0);
      bill = {
        ...(bill ?? ({} as NonNullable<TableSession['bill']>)),
        id: 'order-1',
        items: [...(bill?.items ?? []), ...items],
        total,
      } as NonNullable<TableSession['bill']>;
      cart = [];
      version++;
      return HttpResponse.json({ success: true, data: base(me) });
    }),
    http.post('*/api/table/bill/part', async ({ request }) => {
      const me = who(request);
      const body = (await request.json()) as Record<string, unknown>;
      requests.push({ method: 'POST', path: '/api/table/bill/part', body, member: me?.id ?? null });
      if (!me) return refuse();
      const amount = 12.5;
      const tip = Number(body.tip ?? 0);
      return HttpResponse.json(
        {
          success: true,
          data: {
            part: {
              id: 'part-1',
              member: { id: me.id, name: me.name },
              mode: body.mode,
              amount,
              tip,
              status: 'held',
              share: null,
            },
            payment: {
              clientSecret: 'pi_part_secret',
              publishableKey: 'pk_test_1',
              amount: amount + tip,
              tip,
              paymentId: 'pi_part',
              currency: 'eur',
              scriptUrl: 'http://127.0.0.1:9/v3/',
            },
          },
        },
        { status: 201 },
      );
    }),
  ];
  /** Someone else at the table adds a dish (what their phone's request would do). */
  const otherAdds = (name: string, productId: string, quantity: number) => {
    const other = members.find((m) => m.name === name) ?? {
      id: `m${members.length + 1}`,
      name,
      secret: `secret-${name}`,
    };
    if (!members.includes(other)) members.push(other);
    const product = opts.prices[productId]!;
    cart = [
      ...cart,
      {
        id: `line-${cart.length + 1}`,
        productId,
        name: product.name,
        variations: [],
        quantity,
        notes: null,
        unit_price: product.price,
        total: product.price * quantity,
        addedBy: { id: other.id, name },
      },
    ];
    version++;
    return (me: { id: string; name: string }) => base(me);
  };
  return { handlers, requests, otherAdds };
}
