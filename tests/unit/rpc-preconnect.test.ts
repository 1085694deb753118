import { describe, expect, it } from 'vitest';
import { preferredNodeOrigin } from '../../scripts/delivery/rpc-preconnect';

/** index.html's preconnect hint goes to the preferred read node's origin (scripts/delivery/rpc-preconnect.ts). */
describe('preferredNodeOrigin', () => {
  it('is the first node of VITE_RPC_URLS, as an origin', () => {
    expect(
      preferredNodeOrigin({
        VITE_RPC_URLS: ' https://a.example.net/v1/key , https://b.example.net',
        VITE_RPC_URL: 'https://c.example.net',
      }),
    ).toBe('https://a.example.net');
    expect(
      preferredNodeOrigin({ VITE_RPC_URLS: 'http://127.0.0.1:18545/?node=1,http://127.0.0.1:18545/?node=2' }),
    ).toBe('http://127.0.0.1:18545');
  });

  it('falls back to VITE_RPC_URL, and is null without a usable node', () => {
    expect(preferredNodeOrigin({ VITE_RPC_URLS: '', VITE_RPC_URL: 'http://rpc.test' })).toBe('http://rpc.test');
    expect(preferredNodeOrigin({})).toBeNull();
    expect(preferredNodeOrigin({ VITE_RPC_URLS: 'not a url' })).toBeNull();
  });
});
