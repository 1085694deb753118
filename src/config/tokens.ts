/**
 * The decimals of the tokens the app handles, defined once (deployed-system.md §C3): every parse, format and
 * conversion of an amount takes them from here.
 */

/** USDT (deployed-system.md §C3 G1/G2): 6 decimals. USD figures the contracts give (getNaturaPrice) use the same. */
export const USDT_DECIMALS = 6;

/** Natura (NAT, deployed-system.md §C3 F): 18 decimals. */
export const NATURA_DECIMALS = 18;

/** Natura's on-chain symbol (deployed-system.md §C9.3), which a wallet asked to track it compares with the contract's. */
export const NATURA_SYMBOL = 'Natura';

/** The chain's native coin (POL), which pays the fees: 18 decimals. */
export const NATIVE_DECIMALS = 18;
