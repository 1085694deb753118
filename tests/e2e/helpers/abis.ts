import { readFileSync } from 'node:fs';
import type { InterfaceAbi } from 'ethers';
import { ARTIFACTS_FILE, type ArtifactsFile } from '../../../contracts/scripts/compile.ts';

/**
 * The ABIs the e2e tests call the contracts with: the app's own (src/lib/chain/contracts, deployed-system.md §C3),
 * so a test speaks to the chain exactly as the app does. Calls the app never makes — the test USDT faucet, the
 * collection owner's setCollectionInfo, the staking contract's totNftPrice — come from the compiled contracts the
 * local stack deployed (contracts/.cache/artifacts.json, written by the stack's compile step before any test runs).
 */
export { ERC20_ABI } from '../../../src/lib/chain/contracts/erc20.ts';
export { MARKETPLACE_ABI } from '../../../src/lib/chain/contracts/marketplace.ts';
export { NATURA_ABI } from '../../../src/lib/chain/contracts/natura.ts';
export { NFT_COLLECTION_ABI } from '../../../src/lib/chain/contracts/nft-collection.ts';
export { STAKING_ABI } from '../../../src/lib/chain/contracts/staking.ts';
export { SWAP_ABI } from '../../../src/lib/chain/contracts/swap.ts';
export { USDT_ABI } from '../../../src/lib/chain/contracts/usdt.ts';

/** The compiled ABI of one of contracts/src's contracts (TestUSDT, TerraNFT, TerraStaking, …). */
export function artifactAbi(contractName: string): InterfaceAbi {
  const artifacts = JSON.parse(readFileSync(ARTIFACTS_FILE, 'utf8')) as ArtifactsFile;
  const artifact = artifacts.contracts[contractName];
  if (!artifact) throw new Error(`no compiled ${contractName} in ${ARTIFACTS_FILE}`);
  return artifact.abi;
}

/** The local stack's test USDT: the app's ERC-20 calls plus the test-only `faucet()`. */
export const testUsdtAbi = (): InterfaceAbi => artifactAbi('TestUSDT');
/** The reference collection contract, owner calls (setCollectionInfo) included. */
export const terraNftAbi = (): InterfaceAbi => artifactAbi('TerraNFT');
/** The reference staking contract, views the app does not read (totNftPrice) included. */
export const terraStakingAbi = (): InterfaceAbi => artifactAbi('TerraStaking');
