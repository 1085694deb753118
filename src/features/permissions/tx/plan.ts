import type { Signer } from 'ethers';
import type { Permission } from '@/features/permissions/api/get-permissions';
import { ZERO_ADDRESS } from '@/lib/chain/addresses';
import { asStep } from '@/lib/chain/contract-call';
import { approveErc20 } from '@/lib/chain/contracts/erc20';
import { approveNft, setNftApprovalForAll } from '@/lib/chain/contracts/nft-collection';
import type { TxPlan } from '@/lib/tx/plan';

const asRevoke = asStep.bind(null, 'revoke');

/**
 * The one transaction that takes a permission back: an ERC-20 allowance set to 0, an operator
 * approval set to false, or a token's single approval given to the zero address.
 */
export function planRevoke(signer: Signer, permission: Permission): TxPlan {
  switch (permission.kind) {
    case 'allowance':
      return [asRevoke(approveErc20(signer, permission.token, permission.spender.address, 0n, permission.tokenName))];
    case 'operator':
      return [
        asRevoke({
          ...setNftApprovalForAll(signer, permission.collection.address, permission.operator.address, false),
          contractName: permission.collection.name,
        }),
      ];
    case 'token':
      return [
        asRevoke({
          ...approveNft(signer, permission.collection.address, ZERO_ADDRESS, permission.tokenId),
          contractName: permission.collection.name,
        }),
      ];
  }
}
