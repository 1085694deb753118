import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { showAlert } from '@/lib/alerts';

describe('showAlert', () => {
  afterEach(async () => {
    const { default: Swal } = await import('sweetalert2');
    Swal.close();
  });

  it('shows the title and text, and closes by itself after its timer', async () => {
    const closed = showAlert({
      icon: 'success',
      title: 'Cancelled!',
      text: 'Your order has been cancelled.',
      timer: 1500,
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Cancelled!');
    expect(dialog).toHaveTextContent('Your order has been cancelled.');
    await closed;
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('waits for the user when it has no timer', async () => {
    let done = false;
    void showAlert({ icon: 'error', title: 'Oops...', text: 'Please fill all the fields' }).then(() => {
      done = true;
    });
    const ok = await screen.findByRole('button', { name: 'OK' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(done).toBe(false);
    ok.click();
    await waitFor(() => expect(done).toBe(true));
  });
});
