/** startAnvil: free port selection, chain id, busy-port refusal and a clean stop. */
import { describe, expect, it } from 'vitest';
import { startAnvil } from '../lib/anvil.ts';

async function rpc(url: string, method: string): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('startAnvil', () => {
  it('starts on a free port with chain id 31337 and the default dev accounts, then stops', async () => {
    const anvil = await startAnvil({ port: 0 });
    try {
      expect(anvil.port).toBeGreaterThan(0);
      expect(anvil.url).toBe(`http://127.0.0.1:${anvil.port}`);
      expect(await rpc(anvil.url, 'eth_chainId')).toBe('0x7a69');
      const accounts = (await rpc(anvil.url, 'eth_accounts')) as string[];
      expect(accounts).toHaveLength(10);
      expect(accounts[0]?.toLowerCase()).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
      await expect(startAnvil({ port: anvil.port })).rejects.toThrow(/already answers/);
    } finally {
      await anvil.stop();
    }
    await expect(rpc(anvil.url, 'eth_chainId')).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 100));
    const stat = alive(anvil.pid);
    // The process is gone (or at most a zombie awaiting reaping by init).
    if (stat) expect(await rpc(anvil.url, 'eth_chainId').catch(() => 'down')).toBe('down');
    await anvil.stop(); // idempotent
  });
});
