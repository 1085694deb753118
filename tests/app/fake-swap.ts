/**
 * The swap order book for the fake chain (deployed-system.md §C5.7 and §C9.4, contracts/src/Swap.sol):
 * orders are numbered by their position in `getOrders()`; createOrder / updateOrder / cancelOrder /
 * swap move Natura (a FakeErc20) and USDT (the chain's own) with the deployed contract's rules:
 * whole-token price, the 3 % + 1 % USDT fees and the 4 % Natura burn, no status checks, its
 * revert reasons. Install with `chain.install(SWAP, new FakeSwap(chain))`.
 */
import { Interface, getAddress } from 'ethers';
import { SWAP_ABI } from '@/lib/chain/contracts/swap';
import { FakeRevert, NATURA, USDT, type FakeChain, type FakeContract, type FakeLog } from './fake-chain';

export const SWAP = '0x1000000000000000000000000000000000000006';
export const BURN = '0x000000000000000000000000000000000000dEaD';
export const SWAP_OWNER_WALLET = '0x1000000000000000000000000000000000000fee';

const swapInterface = new Interface(SWAP_ABI);
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export interface FakeOrder {
  owner: string;
  tokenA: string;
  amountA: bigint;
  price: bigint;
  orderType: string;
  status: number;
}

export class FakeSwap implements FakeContract {
  orders: FakeOrder[] = [];
  /** Every call by name, in order (to prove which order id a write targeted). */
  calls: { name: string; args: unknown[] }[] = [];

  constructor(private readonly chain: FakeChain) {}

  /** Seeds an order without moving tokens (the escrow is assumed). Returns its id. */
  seed(order: Partial<FakeOrder> & Pick<FakeOrder, 'owner' | 'tokenA' | 'amountA' | 'price'>): number {
    this.orders.push({ orderType: 'sell', status: 1, ...order, owner: getAddress(order.owner) });
    return this.orders.length - 1;
  }

  private pull(token: string, from: string, amount: bigint) {
    if (same(token, USDT)) this.chain.pullUsdt(from, SWAP, amount);
    else this.chain.natura.pull(from, SWAP, amount);
  }
  private send(token: string, to: string, amount: bigint) {
    if (same(token, USDT)) this.chain.transferUsdt(SWAP, to, amount);
    else this.chain.natura.transfer(SWAP, to, amount);
  }
  private byId(id: bigint): FakeOrder {
    const order = this.orders[Number(id)];
    if (!order) throw new FakeRevert('Invalid order Id');
    return order;
  }
  /** Owner check only: the deployed contract checks no status (§9.4). */
  private owned(id: bigint, from: string): FakeOrder {
    const order = this.byId(id);
    if (!same(order.owner, from)) throw new FakeRevert('Unauthorised');
    return order;
  }

  execute(from: string, data: string): FakeLog[] {
    const call = swapInterface.parseTransaction({ data });
    if (!call) throw new FakeRevert('unknown swap call');
    this.calls.push({ name: call.name, args: [...call.args] });
    if (call.name === 'createOrder') {
      const [tokenA, amountA, price, orderType] = call.args as unknown as [string, bigint, bigint, string];
      if (!same(tokenA, NATURA) && !same(tokenA, USDT)) throw new FakeRevert('Swap: token must be Natura or USDT');
      if (amountA === 0n) throw new FakeRevert('Swap: amount must be above zero');
      if (price === 0n) throw new FakeRevert('Swap: price must be above zero');
      this.pull(tokenA, from, amountA);
      this.orders.push({ owner: getAddress(from), tokenA, amountA, price, orderType, status: 1 });
    } else if (call.name === 'updateOrder') {
      const [id, amount, price] = call.args as unknown as [bigint, bigint, bigint];
      const order = this.owned(id, from);
      const old = order.amountA;
      order.amountA = amount;
      order.price = price;
      if (amount > old) this.pull(order.tokenA, from, amount - old);
      else if (amount < old) this.send(order.tokenA, from, old - amount);
    } else if (call.name === 'cancelOrder') {
      const order = this.owned(call.args[0] as bigint, from);
      order.status = 2;
      this.send(order.tokenA, from, order.amountA);
    } else if (call.name === 'swap') {
      const order = this.byId(call.args[0] as bigint);
      const aIsNatura = same(order.tokenA, NATURA);
      const tokenB = aIsNatura ? USDT : NATURA;
      const unit = aIsNatura ? 10n ** 18n : 10n ** 6n;
      const takerPays = order.price * (order.amountA / unit);
      const pct = (amount: bigint, p: bigint) => (amount * p) / 100n;
      const usdtSide = aIsNatura ? takerPays : order.amountA;
      const naturaSide = aIsNatura ? order.amountA : takerPays;
      const ownerFee = pct(usdtSide, 3n) + pct(usdtSide, 1n);
      const burned = pct(naturaSide, 4n);
      order.status = 0;
      this.pull(tokenB, from, takerPays);
      this.send(tokenB, order.owner, takerPays - (aIsNatura ? ownerFee : burned));
      this.send(order.tokenA, from, order.amountA - (aIsNatura ? burned : ownerFee));
      this.send(NATURA, BURN, burned);
      this.send(USDT, SWAP_OWNER_WALLET, ownerFee);
    } else throw new FakeRevert(`unsupported swap call ${call.name}`);
    return [];
  }

  view(data: string): string {
    const call = swapInterface.parseTransaction({ data });
    const tuple = (order: FakeOrder) => [
      order.owner,
      order.tokenA,
      order.amountA,
      order.price,
      order.orderType,
      order.status,
    ];
    if (call?.name === 'getOrders') return swapInterface.encodeFunctionResult('getOrders', [this.orders.map(tuple)]);
    if (call?.name === 'ordersCount') return swapInterface.encodeFunctionResult('ordersCount', [[this.orders.length]]);
    if (call?.name === 'getOrderById') {
      return swapInterface.encodeFunctionResult('getOrderById', [tuple(this.byId(call.args[0] as bigint))]);
    }
    throw new FakeRevert(`unsupported swap view ${call?.name}`);
  }

  save() {
    return { orders: this.orders.map((order) => ({ ...order })), calls: [...this.calls] };
  }
  restore(saved: unknown) {
    Object.assign(this, saved);
  }
}
