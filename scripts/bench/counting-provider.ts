import { JsonRpcProvider, Network, type JsonRpcPayload, type JsonRpcResult } from 'ethers';

/** The app's read provider settings on the local chain, counting the HTTP requests it sends (one per batch) and the calls in them. */
export class CountingProvider extends JsonRpcProvider {
  requests = 0;
  calls = 0;
  constructor(url: string) {
    const network = Network.from(31337);
    super(url, network, { staticNetwork: network, cacheTimeout: -1 });
  }
  override async _send(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<JsonRpcResult[]> {
    this.requests += 1;
    this.calls += Array.isArray(payload) ? payload.length : 1;
    return super._send(payload);
  }
}
