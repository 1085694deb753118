/** The order id a swap table row carries (its position in getOrders()). */
export function swapOrderId(row: HTMLElement): number {
  return Number(row.getAttribute('data-order-id'));
}
