/**
 * The spec's pop-up messages ('Success!', 'Oops...', 'Already Cancelled!' …) through sweetalert2,
 * loaded on first use so it never weighs on the first page. One call shape for every feature.
 */
export interface AlertOptions {
  icon: 'success' | 'error' | 'warning' | 'info';
  title?: string;
  text?: string;
  /** Closes by itself after this many ms (spec: 2000 for a trade, 1500 for an edit). */
  timer?: number;
  /** A second button beside OK (for example "Add Natura to my wallet" after a claim). */
  extra?: string;
  /**
   * A disclosure under the text ("Exact figure" → the value to the base unit), for an amount the text
   * rounds (docs/amounts.md): native <details>, so a tap or Enter opens it.
   */
  detail?: { summary: string; body: string };
}

function detailElement({ summary, body }: { summary: string; body: string }): HTMLElement {
  const details = document.createElement('details');
  details.className = 'alert-detail';
  const head = document.createElement('summary');
  head.textContent = summary;
  const text = document.createElement('p');
  text.className = 'mb-0 amount-exact';
  text.textContent = body;
  details.append(head, text);
  return details;
}

/** Shows the message; resolves when it is closed: 'extra' when its second button closed it. */
export async function showAlert({
  icon,
  title,
  text,
  timer,
  extra,
  detail,
}: AlertOptions): Promise<'extra' | 'closed'> {
  const { default: Swal } = await import('sweetalert2');
  const result = await Swal.fire({
    icon,
    title,
    text,
    footer: detail ? detailElement(detail) : undefined,
    timer,
    timerProgressBar: timer !== undefined,
    showConfirmButton: timer === undefined,
    showDenyButton: extra !== undefined,
    denyButtonText: extra,
    denyButtonColor: 'var(--tm-surface-2, #343a40)',
    theme: 'dark',
    confirmButtonColor: 'var(--tm-accent-fill)',
  });
  return result.isDenied ? 'extra' : 'closed';
}
