/**
 * The e2e run's local stacks: one per Playwright worker (playwright.config.ts, tests/e2e/global-setup.ts). Tests
 * move the chain's clock, switch automine and revert snapshots, so two workers never share a chain: a worker uses
 * the stack of its parallel index (Playwright's TEST_PARALLEL_INDEX, unique among the workers running at a time).
 */

export interface StackInfo {
  appUrl: string;
  cmsUrl: string;
  rpcUrl: string;
  deploymentFile: string;
}

/** How many stacks (and workers) the run uses: `E2E_WORKERS`, 2 by default. */
export function e2eStackCount(): number {
  const count = Number(process.env.E2E_WORKERS ?? 2);
  if (!Number.isInteger(count) || count < 1) throw new Error(`E2E_WORKERS must be a whole number ≥ 1, not ${count}`);
  return count;
}

export function stackInfo(): StackInfo {
  const raw = process.env.E2E_STACKS;
  if (!raw)
    throw new Error(
      'E2E_STACKS is not set: run the e2e tests through playwright.config.ts (global setup starts the stacks)',
    );
  const stacks = JSON.parse(raw) as StackInfo[];
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const stack = stacks[index];
  if (!stack) throw new Error(`no e2e stack for parallel index ${index} (${stacks.length} started)`);
  return stack;
}
