import { z } from 'zod/mini';
import { defineFlow } from '@/lib/tx/flow';

/** The order a swap action is about: its 0-based position in `getOrders()`. */
const orderPayload = z.object({ orderId: z.number() });

/** Create an order (deployed-system.md §C5.7): approve tokenA for the amount when needed, then `createOrder`. Chain only. */
export const createOrderFlow = defineFlow({
  kind: 'create-order',
  payload: z.object({}),
  steps: ['approve', 'create-order'],
  title: () => ({ key: 'title.create-order' }),
  concerns: () => [],
});

/** A flow on one existing order, chain only; its last step is named as the flow. */
const orderFlow = <K extends string>(kind: K, approves: boolean) =>
  defineFlow({
    kind,
    payload: orderPayload,
    steps: approves ? ['approve', kind] : [kind],
    title: (payload) => ({ key: `title.${kind}`, values: { id: payload.orderId } }),
    concerns: (payload) => [{ orderId: payload.orderId }],
  });

/** Edit an order: approve exactly the increase when it grows, then `updateOrder`. */
export const updateOrderFlow = orderFlow('update-order', true);

/** Take an order: approve the other token's cost (rounded up), then `swap(id)`. */
export const tradeFlow = orderFlow('trade', true);

/** Cancel an order: `cancelOrder(id)`, which refunds what is left. */
export const cancelOrderFlow = orderFlow('cancel-order', false);
