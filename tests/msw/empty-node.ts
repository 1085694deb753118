import { http, HttpResponse } from 'msw';

type RpcCall = { id: number; method: string };

/** Answers as a node on which every balance, count and address is zero. */
function answer(call: RpcCall) {
  const result = call.method === 'eth_chainId' ? '0x7a69' : call.method === 'eth_call' ? '0x' + '0'.repeat(64) : '0x1';
  return { jsonrpc: '2.0', id: call.id, result };
}

/**
 * A stand-in JSON-RPC node for screen tests that are about something else (routing, the shell, the
 * session) but pass through pages that read the chain: a wallet that holds nothing, nothing listed.
 * Tests about the chain use the fake chain (tests/app/fake-chain.ts) instead.
 */
export function emptyNode(url = 'http://rpc.test/') {
  return http.post(url, async ({ request }) => {
    const body = (await request.json()) as RpcCall | RpcCall[];
    return HttpResponse.json(Array.isArray(body) ? body.map(answer) : answer(body));
  });
}
