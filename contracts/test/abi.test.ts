/**
 * The reference contracts must expose the deployed contracts' ABI (contracts.md §3): same selectors,
 * input and output types, struct field names and order, state mutability, event topics, parameter
 * names and `indexed` flags — so the app's ABI fragments work unchanged against the local chain.
 */
import { describe, expect, it } from 'vitest';
import { Fragment, FunctionFragment, EventFragment, Interface, type InterfaceAbi, type ParamType } from 'ethers';
import { compileContracts, getArtifact } from '../scripts/compile.ts';
import { DEPLOYED_ABI } from './fixtures/deployed-abi.ts';

/**
 * Deployed members intentionally not implemented (documented in contracts/README.md): Natura's
 * fee / Uniswap / votes / snapshot / permit machinery, which the app never calls.
 */
const OMITTED: Readonly<Record<string, readonly string[]>> = {
  Natura: [
    'automatedMarketMakerPairs',
    'balanceOfAt',
    'buyBurnFee',
    'buyDevFee',
    'buyLiquidityFee',
    'buyMarketingFee',
    'buyTotalFees',
    'checkpoints',
    'delegate',
    'delegateBySig',
    'delegates',
    'devWallet',
    'DOMAIN_SEPARATOR',
    'excludeFromFees',
    'getPastTotalSupply',
    'getPastVotes',
    'getVotes',
    'isExcludedFromFees',
    'marketingWallet',
    'nonces',
    'numCheckpoints',
    'permit',
    'removeStuckToken',
    'sellBurnFee',
    'sellDevFee',
    'sellLiquidityFee',
    'sellMarketingFee',
    'sellTotalFees',
    'setAutomatedMarketMakerPair',
    'snapshot',
    'swapEnabled',
    'swapTokensAtAmount',
    'totalSupplyAt',
    'uniswapV2Pair',
    'uniswapV2Router',
    'updateBuyFees',
    'updateSellFees',
    'updateSwapEnabled',
    'updateSwapTokensAtAmount',
    'updateWallets',
    'withdrawStuckBNB',
    'DelegateChanged',
    'DelegateVotesChanged',
    'ExcludeFromFees',
    'marketingWalletUpdated',
    'SetAutomatedMarketMakerPair',
    'Snapshot',
    'SwapAndLiquify',
    'UpdateUniswapV2Router',
  ],
};

const artifacts = await compileContracts({ quiet: true });

/** Output params compared with names when the deployed ABI names them (or for struct fields). */
function outputShape(p: ParamType, withNames: boolean): string {
  return withNames ? p.format('full') : p.format('sighash');
}

describe.each(Object.entries(DEPLOYED_ABI))('%s ABI', (contractName, fragments) => {
  const ours = new Interface(getArtifact(artifacts, contractName).abi as InterfaceAbi);
  const omitted = new Set(OMITTED[contractName] ?? []);
  const expected = fragments.filter((f) => {
    const parsed = Fragment.from(f.fragment) as FunctionFragment | EventFragment;
    return !omitted.has(parsed.name);
  });

  it('lists the fixture with correct selectors and topics', () => {
    for (const f of fragments) {
      const parsed = Fragment.from(f.fragment);
      if (parsed instanceof FunctionFragment) expect(parsed.selector, f.fragment).toBe(f.id);
      else if (parsed instanceof EventFragment) expect(parsed.topicHash, f.fragment).toBe(f.id);
    }
  });

  it.each(expected.map((f) => [f.fragment, f] as const))('has %s', (_label, f) => {
    const want = Fragment.from(f.fragment);
    if (want instanceof FunctionFragment) {
      const got = ours.getFunction(f.id);
      expect(got, `missing function ${f.fragment}`).not.toBeNull();
      if (!got) return;
      expect(got.format('sighash')).toBe(want.format('sighash'));
      expect(got.stateMutability, `${want.name} mutability`).toBe(want.stateMutability);
      expect(got.outputs.length, `${want.name} outputs`).toBe(want.outputs.length);
      want.outputs.forEach((w, i) => {
        const g = got.outputs[i];
        expect(g, `${want.name} output ${i}`).toBeDefined();
        if (!g) return;
        const named = w.name !== '' || w.baseType === 'tuple' || w.baseType === 'array';
        expect(outputShape(g, named), `${want.name} output ${i}`).toBe(outputShape(w, named));
      });
    } else if (want instanceof EventFragment) {
      const got = ours.getEvent(f.id);
      expect(got, `missing event ${f.fragment}`).not.toBeNull();
      if (!got) return;
      expect(got.format('full')).toBe(want.format('full'));
    }
  });
});

describe('structs returned to the app', () => {
  it('MarketItem, TokenOrder, vault and poolInfo keep the deployed field order', () => {
    const market = new Interface(getArtifact(artifacts, 'NFTMarket').abi as InterfaceAbi);
    expect(market.getFunction('fetchMarketItems')?.outputs[0]?.format('full')).toBe(
      '(uint256 itemId, address nftContract, uint256 tokenId, address seller, address owner, uint256 price, bool sold)[]',
    );
    const swap = new Interface(getArtifact(artifacts, 'Swap').abi as InterfaceAbi);
    expect(swap.getFunction('getOrders')?.outputs[0]?.format('full')).toBe(
      '(address owner, address tokenA, uint256 amountA, uint256 price, string orderType, uint8 status)[]',
    );
    const staking = new Interface(getArtifact(artifacts, 'TerraStaking').abi as InterfaceAbi);
    expect(staking.getFunction('vault')?.format('full')).toBe(
      'function vault(uint256, uint24) view returns (uint24 tokenId, address owner, bool initialized, uint256 timestamp)',
    );
    expect(staking.getFunction('poolInfo')?.format('full')).toBe(
      'function poolInfo(uint256) view returns (address nftAddress, uint256 cost, uint256 totalSupply)',
    );
  });
});
