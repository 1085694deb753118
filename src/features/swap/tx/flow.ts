import { z } from 'zod/mini';
import { defineFlow } from '@/lib/tx/flow';

/** The order a swap action is about: its 0-based position in `getOrders()`. */
const orderPayload = z.object({ orderId: z.number() });
const concernsOrder = (payload: { orderId: number }) => [{ orderId: payload.orderId }];

/** Create an order (deployed-system.md §C5.7): approve tokenA for the amount when needed, then `createOrder`. Chain only. */
export const createOrderFlow = defineFlow({
  kind: 'create-order',
  payload: z.object({}),
  steps: ['approve', 'create-order'],
  title: () => ({ key: 'title.create-order' }),
  concerns: () => [],
});

/** Edit an order: approve exactly the increase when it grows, then `updateOrder`. Chain only. */
export const updateOrderFlow = defineFlow({
  kind: 'update-order',
  payload: orderPayload,
  steps: ['approve', 'update-order'],
  title: (payload) => ({ key: 'title.update-order', values: { id: payload.orderId } }),
  concerns: concernsOrder,
});

/** Take an order: approve the other token's cost (rounded up), then `swap(id)`. Chain only. */
export const tradeFlow = defineFlow({
  kind: 'trade',
  payload: orderPayload,
  steps: ['approve', 'trade'],
  title: (payload) => ({ key: 'title.trade', values: { id: payload.orderId } }),
  concerns: concernsOrder,
});

/** Cancel an order: `cancelOrder(id)`, which refunds what is left. Chain only. */
export const cancelOrderFlow = defineFlow({
  kind: 'cancel-order',
  payload: orderPayload,
  steps: ['cancel-order'],
  title: (payload) => ({ key: 'title.cancel-order', values: { id: payload.orderId } }),
  concerns: concernsOrder,
});
