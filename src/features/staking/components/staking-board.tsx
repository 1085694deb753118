import '@/features/staking/components/staking.css';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddNaturaButton } from '@/components/add-natura-button';
import type { Address } from '@/config/env';
import type { StakeableNft } from '@/features/staking/api/get-stakeable-nfts';
import { usePoolSummaries } from '@/features/staking/api/get-pool-summaries';
import { useStakedMetadata } from '@/features/staking/api/get-staked-metadata';
import { useStakedNfts } from '@/features/staking/api/get-staked-nfts';
import { useMyNfts } from '@/features/staking/hooks/use-my-nfts';
import { useStakingActions } from '@/features/staking/hooks/use-staking-actions';
import { useNaturaUsdSuffix } from '@/lib/hooks/use-natura-price';
import { ClaimHistory } from './claim-history';
import { StakingConfirmDialog, type StakingConfirmation } from './confirm-dialog';
import { MyNftsPanel } from './my-nfts-panel';
import { RewardText } from './reward-text';
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
  const [confirming, setConfirming] = useState<{ open: boolean; confirmation: StakingConfirmation | null }>({
    open: false,
    confirmation: null,
  });
  const pools = usePoolSummaries(confirming.confirmation?.kind === 'stake');
  const confirm = (confirmation: StakingConfirmation) => setConfirming({ open: true, confirmation });
  /** Stake asks first, naming the NFT and what it earns per day at today's rate (§C9.2). */
  const usd = useNaturaUsdSuffix(confirming.confirmation?.kind === 'stake');
  const rateOf = (pid: number) => pools.data?.find((pool) => pool.pid === pid)?.rewardsPerDay;
  const stakeDetail = (rate: bigint | undefined) =>
    rate === undefined ? (
      t('confirm.stake.detailNoRate')
    ) : (
      <RewardText value={rate} text={(slot) => t('confirm.stake.detail', { amount: slot, usd: usd(rate) })} />
    );
  const askStake = (nft: StakeableNft) =>
    confirm({
      kind: 'stake',
      pid: nft.pid,
      names: [`${nft.collectionName ?? nft.name ?? ''}#${nft.tokenId.toString()}`],
      detail: '',
      run: () => void actions.stake(nft),
    });
  // The stake text names today's rate once the pools are read.
  const shown = confirming.confirmation;
  const rate = shown?.kind === 'stake' ? rateOf(shown.pid ?? -1) : undefined;
  const confirmation = shown?.kind === 'stake' ? { ...shown, detail: stakeDetail(rate) } : shown;

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
            onStake={askStake}
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
            onConfirm={confirm}
          />
        )}
      </StakingTabs>
      <AddNaturaButton className="mt-3" />
      <ClaimHistory account={account} enabled={staked.isSuccess} />
      <StakingConfirmDialog
        show={confirming.open}
        confirmation={confirmation}
        onClose={() => setConfirming((current) => ({ ...current, open: false }))}
      />
      <WaitModal show={actions.busy} state={actions.state} />
    </>
  );
}
