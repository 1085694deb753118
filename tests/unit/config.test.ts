import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/config/env';

const valid = Object.fromEntries(Object.entries(import.meta.env).filter(([key]) => key.startsWith('VITE_'))) as Record<
  string,
  string
>;

describe('configuration', () => {
  it('parses the test environment', () => {
    const config = parseConfig(valid);
    expect(config.chainId).toBe(31337);
    expect(config.stakingPools.map((pool) => pool.pid)).toEqual([0, 1, 2, 3]);
    expect(config.explorerUrl?.endsWith('/')).toBe(true);
  });

  it('has no explorer when VITE_EXPLORER_URL is empty or missing (the local stack), and refuses a non-URL', () => {
    expect(parseConfig({ ...valid, VITE_EXPLORER_URL: '' }).explorerUrl).toBeUndefined();
    const { VITE_EXPLORER_URL: _omit, ...withoutExplorer } = valid;
    expect(parseConfig(withoutExplorer).explorerUrl).toBeUndefined();
    expect(() => parseConfig({ ...valid, VITE_EXPLORER_URL: 'polygonscan' })).toThrow(/VITE_EXPLORER_URL/);
  });

  it('scans the marketplace events from block 0 in 10,000-block ranges unless configured, and refuses bad numbers', () => {
    const { VITE_MARKETPLACE_START_BLOCK: _start, VITE_LOG_BLOCK_RANGE: _range, ...rest } = valid;
    expect(parseConfig(rest).marketplaceLogs).toEqual({ startBlock: 0, maxRange: 10_000 });
    expect(
      parseConfig({ ...rest, VITE_MARKETPLACE_START_BLOCK: '38170000', VITE_LOG_BLOCK_RANGE: '2000' }).marketplaceLogs,
    ).toEqual({ startBlock: 38_170_000, maxRange: 2000 });
    expect(() => parseConfig({ ...rest, VITE_MARKETPLACE_START_BLOCK: '-1' })).toThrow(/VITE_MARKETPLACE_START_BLOCK/);
    expect(() => parseConfig({ ...rest, VITE_LOG_BLOCK_RANGE: '0' })).toThrow(/VITE_LOG_BLOCK_RANGE/);
  });

  it('reads history from the configured start blocks (the marketplace start block counts), and refuses malformed pairs', () => {
    const market = String(valid.VITE_MARKETPLACE_ADDRESS);
    const pool = String(valid.VITE_STAKING_POOL_0);
    const config = parseConfig({
      ...valid,
      VITE_MARKETPLACE_START_BLOCK: '38170000',
      VITE_START_BLOCKS: `${pool}=38170500`,
    });
    expect(config.history.startBlocks).toEqual(
      new Map([
        [market.toLowerCase(), 38_170_000],
        [pool.toLowerCase(), 38_170_500],
      ]),
    );
    expect(config.history.finality).toBe(32);
    const { VITE_MARKETPLACE_START_BLOCK: _start, VITE_START_BLOCKS: _blocks, ...rest } = valid;
    expect(parseConfig(rest).history.startBlocks.size).toBe(0);
    expect(() => parseConfig({ ...valid, VITE_START_BLOCKS: `${pool}:12` })).toThrow(/VITE_START_BLOCKS/);
  });

  it('names every missing or malformed variable', () => {
    const { VITE_CMS_URL: _omit, ...rest } = valid;
    try {
      parseConfig({ ...rest, VITE_USDT_ADDRESS: '0x1234', VITE_CHAIN_ID: 'polygon' });
      expect.unreachable('parseConfig should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems.map((p) => p.variable).sort()).toEqual(['VITE_CHAIN_ID', 'VITE_CMS_URL', 'VITE_USDT_ADDRESS']);
      expect(problems.find((p) => p.variable === 'VITE_CMS_URL')?.message).toBe('is missing');
    }
  });
});
