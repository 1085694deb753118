/**
 * Build-time checks of a production build's configuration (issue 26 §3). `src/config/env.ts`
 * validates shapes at start-up in the browser; these rules add what only matters for a real
 * deployment: a WalletConnect Cloud project id (32 hex characters, registered for this app) and
 * no placeholder left in any VITE_* value. Only `vite build` in mode `production` runs them; the
 * local stack (mode `localstack`) and the test layers (mode `test`) are unaffected.
 */
import { loadEnv, type Plugin } from 'vite';
import { ConfigError, parseConfig } from '../../src/config/env.ts';

export interface EnvProblem {
  variable: string;
  message: string;
}

const WALLETCONNECT_ID = /^[0-9a-f]{32}$/i;

/** Words that mark a value someone still has to fill in. */
const PLACEHOLDER =
  /replace[-_ ]?(me|with)|placeholder|unregistered|change[-_ ]?me|your[-_ ][a-z]|<[^>]*>|\bx{3,}\b|\btodo\b|\bfixme\b|example\.(com|org)|\bdummy\b|\bsample\b/i;

export function productionEnvProblems(env: Record<string, string | undefined>): EnvProblem[] {
  const problems: EnvProblem[] = [];
  try {
    parseConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
  }
  for (const [variable, value] of Object.entries(env)) {
    if (!variable.startsWith('VITE_') || !value) continue;
    if (problems.some((problem) => problem.variable === variable)) continue;
    if (PLACEHOLDER.test(value)) problems.push({ variable, message: `is a placeholder ("${value}")` });
  }
  const projectId = env.VITE_WALLETCONNECT_PROJECT_ID?.trim() ?? '';
  if (!WALLETCONNECT_ID.test(projectId) || /^(.)\1*$/.test(projectId)) {
    const known = problems.findIndex((problem) => problem.variable === 'VITE_WALLETCONNECT_PROJECT_ID');
    if (known >= 0) problems.splice(known, 1);
    problems.push({
      variable: 'VITE_WALLETCONNECT_PROJECT_ID',
      message: `must be the 32-hex-character project id of this app from WalletConnect Cloud (cloud.walletconnect.com / cloud.reown.com), got "${projectId}"`,
    });
  }
  if (env.VITE_DEV_WALLET === 'true' || env.VITE_DEV_WALLET === '1') {
    problems.push({ variable: 'VITE_DEV_WALLET', message: 'must be false in a production build' });
  }
  return problems;
}

export class ProductionEnvError extends Error {
  constructor(readonly problems: EnvProblem[]) {
    super(
      `The production build's configuration is not ready for a deployment:\n${problems
        .map((problem) => `  ${problem.variable} ${problem.message}`)
        .join('\n')}\nSet the values in .env.production.local (see .env.example for where each comes from).`,
    );
    this.name = 'ProductionEnvError';
  }
}

/** Vite plugin: `vite build` in mode production stops before bundling when the configuration is not deployable. */
export function productionEnvCheck(): Plugin {
  return {
    name: 'terra-mater:production-env',
    apply: 'build',
    configResolved(config) {
      if (config.mode !== 'production') return;
      const problems = productionEnvProblems(
        loadEnv(config.mode, typeof config.envDir === 'string' ? config.envDir : config.root, 'VITE_'),
      );
      if (problems.length > 0) throw new ProductionEnvError(problems);
    },
  };
}
