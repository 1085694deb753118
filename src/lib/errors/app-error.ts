/** Every failure the UI can meet, normalised once so screens switch on `kind`, not on libraries. */
export type AppErrorKind =
  | 'network' // server or RPC unreachable
  | 'http' // the server answered with an error status
  | 'not-found'
  | 'unauthorized' // 401: the session expired or is missing
  | 'forbidden'
  | 'invalid-response' // the answer did not have the expected shape
  | 'wallet-rejected' // the user declined in the wallet (code 4001): not a failure to report
  | 'reverted' // the transaction was mined but reverted, or the call would revert
  | 'replaced' // another transaction took its nonce: cancelled in the wallet (reason 'cancelled') or dropped
  | 'config'
  | 'unknown';

/**
 * How long any CMS or JSON-RPC read may take before it fails as a timeout. A section must say what
 * failed within 10 s of a hang: timeouts are not retried (`shouldRetry`), so this plus the page's own
 * start stays inside that; a local CMS or node answers in well under a second.
 */
export const READ_TIMEOUT_MS = 6_000;

export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    readonly details: { status?: number; reason?: string; cause?: unknown } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number | undefined {
    return this.details.status;
  }
}

function messageFromBody(data: unknown): string | undefined {
  if (typeof data === 'string' && data.length > 0 && data.length < 300) return data;
  if (data && typeof data === 'object' && 'error' in data) {
    const error = (data as { error?: { message?: unknown } }).error;
    if (error && typeof error.message === 'string') return error.message;
  }
  return undefined;
}

function kindForStatus(status: number): AppErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  return 'http';
}

interface HttpClientError {
  isAxiosError: true;
  code?: string;
  response?: { status: number; data?: unknown };
}

// Duck-typed so that this module (in the first-load bundle) does not pull in axios.
function isHttpClientError(error: unknown): error is HttpClientError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/** Normalises anything thrown (axios, ethers, wallet, zod, plain Error) into an AppError. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isHttpClientError(error)) {
    const status = error.response?.status;
    // Axios's own timeout (`timeout` option): ECONNABORTED, or ETIMEDOUT with clarifyTimeoutError.
    if (status === undefined && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT')) {
      return new AppError('network', 'The server did not answer in time.', { reason: 'timeout', cause: error });
    }
    if (status === undefined) {
      return new AppError('network', 'The server could not be reached.', { cause: error });
    }
    const message = messageFromBody(error.response?.data) ?? `Request failed with status ${status}.`;
    return new AppError(kindForStatus(status), message, { status, cause: error });
  }
  if (error && typeof error === 'object') {
    const candidate = error as { code?: unknown; message?: unknown; name?: unknown };
    // ethers' FetchRequest timeout, and the call runner's (lib/chain/call-runner.ts), which says the same.
    if (candidate.code === 'TIMEOUT') {
      return new AppError('network', 'The blockchain node did not answer in time.', {
        reason: 'timeout',
        cause: error,
      });
    }
    if (candidate.code === 4001 || candidate.code === 'ACTION_REJECTED') {
      return new AppError('wallet-rejected', 'Request rejected in the wallet.', { cause: error });
    }
    if (candidate.name === 'ZodError') {
      return new AppError('invalid-response', 'The server answered with unexpected data.', { cause: error });
    }
    if (typeof candidate.message === 'string') {
      return new AppError('unknown', candidate.message, { cause: error });
    }
  }
  return new AppError('unknown', String(error), { cause: error });
}

/**
 * React Query retry policy: client errors (4xx) and wallet answers are final, others get one more try.
 * A timeout is final too: a server that hung once is likely to hang again, and a second wait would
 * leave the section without a message for twice `READ_TIMEOUT_MS`.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const appError = toAppError(error);
  if (appError.details.reason === 'timeout') return false;
  if (
    ['not-found', 'unauthorized', 'forbidden', 'wallet-rejected', 'reverted', 'config', 'invalid-response'].includes(
      appError.kind,
    )
  ) {
    return false;
  }
  if (appError.kind === 'http' && appError.status !== undefined && appError.status < 500) return false;
  return failureCount < 1;
}
