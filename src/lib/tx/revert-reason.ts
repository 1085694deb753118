import { Interface } from 'ethers';

/**
 * Turns whatever a node or wallet threw for a reverting call into a readable reason. The deployed
 * contracts revert with reason strings; the local reference contracts (OpenZeppelin 5) also use
 * the standard ERC-6093 / Ownable / Pausable custom errors, declared here so they decode too.
 */
export const KNOWN_ERRORS_ABI = [
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC20InvalidSender(address sender)',
  'error ERC20InvalidReceiver(address receiver)',
  'error ERC20InvalidApprover(address approver)',
  'error ERC20InvalidSpender(address spender)',
  'error ERC721InvalidOwner(address owner)',
  'error ERC721NonexistentToken(uint256 tokenId)',
  'error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)',
  'error ERC721InvalidSender(address sender)',
  'error ERC721InvalidReceiver(address receiver)',
  'error ERC721InsufficientApproval(address operator, uint256 tokenId)',
  'error ERC721InvalidApprover(address approver)',
  'error ERC721InvalidOperator(address operator)',
  'error OwnableUnauthorizedAccount(address account)',
  'error OwnableInvalidOwner(address owner)',
  'error EnforcedPause()',
  'error ExpectedPause()',
  'error ReentrancyGuardReentrantCall()',
  'error SafeERC20FailedOperation(address token)',
] as const;

const knownErrors = new Interface(KNOWN_ERRORS_ABI);

const PANIC_REASONS: Record<string, string> = {
  '1': 'assertion failed',
  '17': 'arithmetic overflow or underflow',
  '18': 'division by zero',
  '33': 'invalid enum value',
  '34': 'invalid storage byte array',
  '49': 'pop on an empty array',
  '50': 'array index out of bounds',
  '65': 'out of memory',
  '81': 'call to an uninitialised function',
};

export interface RevertReason {
  /** Human-readable: the reason string, `Panic: …`, or `ErrorName(arg, …)`. */
  reason: string;
  /** Custom error or `Error` / `Panic`, when the revert data decoded. */
  name?: string;
  args?: unknown[];
}

// Where nodes, ethers and wallets put the revert data (never under `transaction`: that is calldata).
const NESTED_KEYS = ['revert', 'data', 'error', 'info', 'cause', 'originalError'] as const;

function findRevertData(value: unknown, depth = 0): string | undefined {
  if (depth > 6 || value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    return /^0x(?:[0-9a-fA-F]{2}){4,}$/.test(value) ? value : undefined;
  }
  if (typeof value !== 'object') return undefined;
  for (const key of NESTED_KEYS) {
    const found = findRevertData((value as Record<string, unknown>)[key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

function findString(value: unknown, key: 'reason' | 'message', depth = 0): string[] {
  if (depth > 6 || value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  const own = typeof record[key] === 'string' ? [record[key]] : [];
  return [...own, ...NESTED_KEYS.flatMap((k) => findString(record[k], key, depth + 1))];
}

function formatArg(arg: unknown): string {
  return typeof arg === 'bigint' ? arg.toString() : String(arg);
}

/** Decodes raw revert data (0x + selector + arguments); null when the selector is unknown. */
export function decodeRevertData(data: string): RevertReason | null {
  let parsed;
  try {
    parsed = knownErrors.parseError(data);
  } catch {
    return null;
  }
  if (!parsed) return null;
  const args = parsed.args.toArray() as unknown[];
  if (parsed.name === 'Error') return { reason: String(args[0]), name: 'Error', args };
  if (parsed.name === 'Panic') {
    const code = String(args[0]);
    return { reason: `Panic: ${PANIC_REASONS[code] ?? `code ${code}`}`, name: 'Panic', args };
  }
  return { reason: `${parsed.name}(${args.map(formatArg).join(', ')})`, name: parsed.name, args };
}

const MESSAGE_PATTERNS = [
  /reverted with reason string '([^']*)'/,
  /execution reverted: "([^"]+)"/,
  /execution reverted: ([^\n"]+)/,
];

/**
 * The reason of a revert from any error shape (ethers CALL_EXCEPTION, JSON-RPC error, wallet
 * error with nested data), or null when nothing in it says why.
 */
export function decodeRevert(error: unknown): RevertReason | null {
  const data = findRevertData(error);
  if (data) {
    const decoded = decodeRevertData(data);
    if (decoded) return decoded;
  }
  const reason = findString(error, 'reason').find((text) => text.length > 0);
  if (reason) return { reason };
  for (const message of findString(error, 'message')) {
    for (const pattern of MESSAGE_PATTERNS) {
      const match = pattern.exec(message);
      if (match?.[1]) return { reason: match[1].trim() };
    }
  }
  if (data) return { reason: `unknown custom error ${data.slice(0, 10)}` };
  return null;
}
