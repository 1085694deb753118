import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { StakedPosition } from '@/features/staking/api/get-staked-nfts';
import { claimPreview } from '@/lib/chain/staking-math';
import { NATURA_DECIMALS } from '@/config/tokens';
import { Amount, AMOUNT_SLOT, TextWithAmount } from '@/components/amount';
import { useNaturaUsdSuffix } from '@/lib/hooks/use-natura-price';

export interface ClaimTarget {
  position: StakedPosition;
  title: string;
}

/**
 * What Claim Rewards will do before the wallet is asked (deployed-system.md §C9.2): the Natura paid now
 * (at today's rate; 2 decimals as rewards are shown, the exact wei one tap away), and per NFT the whole days paid, the part of the current day a
 * claim forfeits (it restarts the count at the claim block) and when the next whole day starts.
 */
export function ClaimDialog({
  show,
  targets,
  now,
  onConfirm,
  onCancel,
}: {
  show: boolean;
  /** Kept while the dialog fades out, so its text does not change on the way. */
  targets: readonly ClaimTarget[];
  /** Chain time, unix seconds. */
  now: bigint;
  onConfirm: (positions: StakedPosition[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('staking');
  const usd = useNaturaUsdSuffix();
  const rows = targets.map((target) => ({
    target,
    preview: claimPreview(target.position.stakedAt, target.position.rewardsPerDay, now),
  }));
  const total = rows.reduce((sum, row) => sum + row.preview.amount, 0n);
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="staking-claim-title">
      <Modal.Header closeButton closeVariant="white" closeLabel={t('claim.close')}>
        <Modal.Title id="staking-claim-title" as="h2" className="h5">
          {t('claim.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="fw-bold">
          <TextWithAmount
            text={t('claim.pays', { amount: AMOUNT_SLOT, usd: usd(total) })}
            amount={<Amount value={total} decimals={NATURA_DECIMALS} kind="reward" />}
          />
        </p>
        <ul className="staking-claim-rows">
          {rows.map(({ target, preview }) => {
            const next = preview.nextWholeDayAt > now ? preview.nextWholeDayAt - now : 0n;
            return (
              <li key={`${target.position.contract}:${target.position.tokenId.toString()}`}>
                {t('claim.row', {
                  name: target.title,
                  count: Number(preview.days),
                  hours: (preview.forfeitedSeconds / 3600n).toString(),
                  minutes: ((preview.forfeitedSeconds % 3600n) / 60n).toString(),
                  nextHours: (next / 3600n).toString(),
                  nextMinutes: ((next % 3600n) / 60n).toString(),
                })}
              </li>
            );
          })}
        </ul>
        <p className="small text-muted-tm mb-0">{t('claim.why')}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-light" onClick={onCancel}>
          {t('claim.cancel')}
        </Button>
        <Button
          className="btn-main"
          disabled={total === 0n}
          onClick={() => onConfirm(rows.map((row) => row.target.position))}
        >
          {t('claim.confirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
