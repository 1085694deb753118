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
}

/** Shows the message; resolves when it is closed (by the user or its timer). */
export async function showAlert({ icon, title, text, timer }: AlertOptions): Promise<void> {
  const { default: Swal } = await import('sweetalert2');
  await Swal.fire({
    icon,
    title,
    text,
    timer,
    timerProgressBar: timer !== undefined,
    showConfirmButton: timer === undefined,
    theme: 'dark',
    confirmButtonColor: 'var(--tm-accent-fill)',
  });
}
