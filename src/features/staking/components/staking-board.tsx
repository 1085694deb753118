import '@/features/staking/components/staking.css';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from '@/config/env';
import { useStakedMetadata } from '@/features/staking/api/get-staked-metadata';
import { useStakedNfts } from '@/features/staking/api/get-staked-nfts';
import { useMyNfts } from '@/features/staking/hooks/use-my-nfts';
import { useStakingActions } from '@/features/staking/hooks/use-staking-actions';
import { MyNftsPanel } from './my-nfts-panel';
import { StakedNftsPanel } from './staked-nfts-panel';
import { StakingTabs } from './staking-tabs';
import { WaitModal } from './wait-modal';

/** The connected staking page: the two lists as tabs, their actions, and the blocking wait. */
export function StakingBoard({ account }: { account: Address }) {
  const { t } = useTranslation('staking');
  const myNfts = useMyNfts(account);
  const staked = useStakedNfts(account);
  const refs = useMemo(
    () => (staked.data?.positions ?? []).map((p) => ({ contract: p.contract, tokenId: p.tokenId })),
    [staked.data],
  );
  const metadata = useStakedMetadata(refs);
  const actions = useStakingActions();
  const [tab, setTab] = useState<'nfts' | 'staked'>('nfts');

  return (
    <>
      <StakingTabs
        tabs={[
          { key: 'nfts', label: t('tabs.nfts') },
          { key: 'staked', label: t('tabs.staked') },
        ]}
        active={tab}
        onSelect={setTab}
      >
        {tab === 'nfts' ? (
          <MyNftsPanel
            page={myNfts.query.data}
            status={myNfts.query.status}
            fetching={myNfts.query.isFetching}
            canNext={myNfts.canNext}
            firstPage={myNfts.firstPage}
            busy={actions.busy}
            onNext={myNfts.next}
            onReset={myNfts.reset}
            onRetry={() => void myNfts.query.refetch()}
            onStake={(nft) => void actions.stake(nft)}
          />
        ) : (
          <StakedNftsPanel
            data={staked.data}
            status={staked.status}
            metadata={metadata.data}
            busy={actions.busy}
            onRetry={() => void staked.refetch()}
            onClaim={(positions) => void actions.claim(positions)}
            onUnstake={(positions) => void actions.unstake(positions)}
          />
        )}
      </StakingTabs>
      <WaitModal show={actions.busy} state={actions.state} />
    </>
  );
}
