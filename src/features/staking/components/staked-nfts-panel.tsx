import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { ApproxUsd } from '@/components/approx-usd';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingSkeleton } from '@/components/loading-skeleton';
import type { StakedNfts, StakedPosition } from '@/features/staking/api/get-staked-nfts';
import { stakedRefKey } from '@/features/staking/api/get-staked-metadata';
import { useChainNow } from '@/features/staking/hooks/use-chain-now';
import { SECONDS_PER_DAY, estimateTotalRewards, stakedDuration } from '@/lib/chain/staking-math';
import { RewardText } from '@/features/staking/components/reward-text';
import { useNaturaUsdSuffix } from '@/lib/hooks/use-natura-price';
import type { IndexedNft } from '@/lib/indexer/nft-indexer';
import { ClaimDialog, type ClaimTarget } from './claim-dialog';
import type { StakingConfirmation } from './confirm-dialog';
import { NftRow } from './nft-row';

export interface StakedNftsPanelProps {
  data: StakedNfts | undefined;
  status: 'pending' | 'error' | 'success';
  metadata: ReadonlyMap<string, IndexedNft> | undefined;
  busy: boolean;
  onRetry: () => void;
  onClaim: (positions: StakedPosition[]) => void;
  onUnstake: (positions: StakedPosition[]) => void;
  /** Opens the confirmation dialog; its confirm button runs `confirmation.run`. */
  onConfirm: (confirmation: StakingConfirmation) => void;
}

/** MY STAKED NFTS: the states of the list around the rows themselves. */
export function StakedNftsPanel(props: StakedNftsPanelProps) {
  const { t } = useTranslation('staking');
  if (props.status === 'pending') return <LoadingSkeleton rows={3} />;
  if (props.status === 'error' || !props.data) {
    return <ErrorState onRetry={props.onRetry} message={t('staked.error')} />;
  }
  const failed = props.data.failedPools;
  return (
    <>
      {failed.length > 0 ? (
        <div className="alert alert-warning d-flex flex-wrap gap-2 align-items-center" role="alert">
          <span>
            {t('staked.failedPools', {
              names: failed.map((pool) => pool.name ?? t('staked.unknownPool', { pid: pool.pid })).join(', '),
            })}
          </span>
          <Button size="sm" variant="outline-dark" onClick={props.onRetry}>
            {t('errors.retry', { ns: 'common' })}
          </Button>
        </div>
      ) : null}
      {props.data.positions.length === 0 ? <EmptyState variant="items" /> : <StakedList {...props} data={props.data} />}
    </>
  );
}

/** Every staked NFT with its running timer and rewards (with "≈ $"); one clock ticks for the whole list. */
export function StakedList({
  data,
  metadata,
  busy,
  onClaim,
  onUnstake,
  onConfirm,
}: Omit<StakedNftsPanelProps, 'status' | 'onRetry'> & { data: StakedNfts }) {
  const { t } = useTranslation('staking');
  const now = useChainNow(data.chainTime, data.readAt);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [claiming, setClaiming] = useState<{ open: boolean; targets: ClaimTarget[] }>({ open: false, targets: [] });
  const { positions } = data;
  const keyOf = (position: StakedPosition) => stakedRefKey(position);
  const titleOf = (position: StakedPosition) => {
    const meta = metadata?.get(keyOf(position));
    return `${meta?.collectionName ?? position.collectionName ?? meta?.name ?? ''}#${position.tokenId.toString()}`;
  };
  /** Claim Rewards first says what the claim pays and forfeits; the wallet is asked only after Claim. */
  const askClaim = (targets: StakedPosition[]) =>
    setClaiming({ open: true, targets: targets.map((position) => ({ position, title: titleOf(position) })) });
  const chosen = positions.filter((position) => selected.has(keyOf(position)));
  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const allSelected = chosen.length === positions.length;
  const total = (position: StakedPosition) => estimateTotalRewards(position.stakedAt, position.rewardsPerDay, now);
  const claimable = positions.reduce((sum, p) => sum + total(p), 0n);
  /** Seconds until the soonest of `list` has its next whole day (null for none). */
  const nextWholeDayIn = (list: readonly StakedPosition[]) =>
    list.reduce<bigint | null>((soonest, p) => {
      const left = SECONDS_PER_DAY - ((now > p.stakedAt ? now - p.stakedAt : 0n) % SECONDS_PER_DAY);
      return soonest === null || left < soonest ? left : soonest;
    }, null);
  const nextIn = nextWholeDayIn(positions);
  // A claim of nothing would cost gas and forfeit the day begun: Claim is off until a whole day is due.
  const chosenDue = chosen.reduce((sum, p) => sum + total(p), 0n);
  const chosenNextIn = chosen.length > 0 && chosenDue === 0n ? nextWholeDayIn(chosen) : null;
  const usd = useNaturaUsdSuffix();
  const duration = (seconds: bigint) => {
    const d = stakedDuration(0n, seconds);
    return t('staked.timer', {
      days: d.days.toString(),
      hours: d.hours.toString(),
      minutes: d.minutes.toString(),
      seconds: d.seconds.toString(),
    });
  };
  const run = (action: (positions: StakedPosition[]) => void, targets: StakedPosition[]) => {
    setSelected(new Set());
    action(targets);
  };
  /** Unstake asks first, naming the NFTs and the rewards it pays on the way (§C9.2). */
  const askUnstake = (targets: StakedPosition[]) => {
    const due = targets.reduce((sum, p) => sum + total(p), 0n);
    onConfirm({
      kind: 'unstake',
      names: targets.map(titleOf),
      detail: <RewardText value={due} text={(slot) => t('confirm.unstake.detail', { amount: slot, usd: usd(due) })} />,
      run: () => onUnstake(targets),
    });
  };

  return (
    <>
      <section className="staking-summary surface" aria-label={t('summary.label')}>
        <p className="mb-1">
          {t('summary.claimable')}{' '}
          <strong>
            <RewardText value={claimable} text={(slot) => t('natura', { amount: slot })} />
          </strong>{' '}
          <ApproxUsd natura={claimable} /> <span className="small text-muted-tm">({t('staked.estimate')})</span>
        </p>
        {nextIn !== null ? (
          <p className="mb-2 small text-muted-tm">{t('summary.nextReward', { time: duration(nextIn) })}</p>
        ) : null}
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <Form.Check
            id="staking-select-all"
            label={t('summary.selectAll')}
            checked={allSelected}
            onChange={() => setSelected(allSelected ? new Set() : new Set(positions.map(keyOf)))}
          />
          <Button
            className="btn-main"
            size="sm"
            disabled={busy || claimable === 0n}
            onClick={() => run(askClaim, positions)}
          >
            {t('summary.claimAll')}
          </Button>
          <Button
            className="btn-main"
            size="sm"
            disabled={busy || chosen.length === 0 || chosenDue === 0n}
            onClick={() => run(askClaim, chosen)}
          >
            {t('summary.claimSelected', { count: chosen.length })}
          </Button>
          <Button
            variant="outline-light"
            size="sm"
            disabled={busy || chosen.length === 0}
            onClick={() => run(askUnstake, chosen)}
          >
            {t('summary.unstakeSelected', { count: chosen.length })}
          </Button>
        </div>
        {chosenNextIn !== null ? (
          <p className="mt-2 mb-0 small text-muted-tm" role="status">
            {t('summary.nothingSelected', { time: duration(chosenNextIn) })}
          </p>
        ) : null}
      </section>
      <ul className="staking-list list-unstyled">
        {positions.map((position) => {
          const key = keyOf(position);
          const meta = metadata?.get(key);
          const title = titleOf(position);
          const due = total(position);
          return (
            <NftRow
              key={key}
              title={title}
              image={meta?.image ?? null}
              disabled={busy}
              leading={
                <Form.Check
                  className="staking-select"
                  id={`staking-select-${key}`}
                  aria-label={t('staked.select', { name: title })}
                  checked={selected.has(key)}
                  onChange={() => toggle(key)}
                />
              }
              actions={[
                { label: t('staked.unstake'), onSelect: () => run(askUnstake, [position]) },
                {
                  label: t('staked.claim'),
                  onSelect: () => run(askClaim, [position]),
                  disabled: due === 0n,
                  hint:
                    due === 0n
                      ? t('staked.claimNotYet', { time: duration(nextWholeDayIn([position]) ?? 0n) })
                      : undefined,
                },
              ]}
            >
              <p className="staking-timer mb-1">
                <span className="text-muted-tm">{t('staked.timerLabel')}</span>{' '}
                {duration(now > position.stakedAt ? now - position.stakedAt : 0n)}
              </p>
              <p className="mb-1">
                <RewardText value={position.rewardsPerDay} text={(slot) => t('staked.perDay', { amount: slot })} />{' '}
                <ApproxUsd natura={position.rewardsPerDay} />
              </p>
              <p className="mb-0">
                <RewardText value={due} text={(slot) => t('staked.total', { amount: slot })} />{' '}
                <ApproxUsd natura={due} /> <span className="small text-muted-tm">({t('staked.estimate')})</span>
              </p>
            </NftRow>
          );
        })}
      </ul>
      <ClaimDialog
        show={claiming.open}
        targets={claiming.targets}
        now={now}
        onCancel={() => setClaiming((current) => ({ ...current, open: false }))}
        onConfirm={(targets) => {
          setClaiming((current) => ({ ...current, open: false }));
          onClaim(targets);
        }}
      />
    </>
  );
}
