import { z } from 'zod/mini';
import { defineFlow } from '@/lib/tx/flow';

/**
 * Take a permission back (the Permissions page): an ERC-20 allowance set to 0, an operator approval
 * set to false, or a token's single approval given to the zero address. Chain only. The payload keeps
 * the permission as the page worded it, for the title.
 */
export const revokeFlow = defineFlow({
  kind: 'revoke',
  payload: z.object({ what: z.string() }),
  steps: ['revoke'],
  title: (payload) => ({ key: 'title.revoke', values: { what: payload.what } }),
  concerns: () => [],
});
