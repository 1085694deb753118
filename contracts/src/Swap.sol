// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title Natura/USDT order book — reference version of the deployed `Swap` (§3 E, §5.7, §9.4).
/// @notice A maker escrows `amountA` of tokenA (Natura or USDT) at `price` = base units of the other
/// token per one whole tokenA (tokenA Natura ⇒ USDT base units per NAT; tokenA USDT ⇒ NAT wei per
/// USDT). Order ids are positions in `getOrders()` (0, 1, 2, … in creation order).
/// Status: 1 open, 0 filled, 2 cancelled.
///
/// Filling order `o` (`swap`), as the deployed contract does (contracts.md §9.4):
///   W = ⌊o.amountA ÷ 10^decimals(tokenA)⌋ (whole tokens only); the taker pays P = o.price × W of
///   the other token; the fraction of amountA is not charged.
///   tokenA Natura: maker gets P − ⌊3 % P⌋ − ⌊1 % P⌋ USDT (both fees to ownerWallet); taker gets
///                  amountA − ⌊4 % amountA⌋ NAT, the 4 % burned to 0x…dEaD.
///   tokenA USDT:   maker gets P − ⌊4 % P⌋ NAT, the 4 % burned; taker gets amountA − ⌊3 %⌋ − ⌊1 %⌋
///                  USDT, both fees to ownerWallet.
///
/// Like the deployed contract, and on purpose: `swap`, `updateOrder` and `cancelOrder` do NOT check
/// the order's status, and `updateOrder` accepts zero values. Cancelling a cancelled order refunds
/// again and editing a filled one refunds or pulls again, out of other makers' escrow; the app is
/// the only guard. Only the order owner may update or cancel ("Unauthorised").
contract Swap is Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    struct TokenOrder {
        address owner;
        address tokenA;
        uint256 amountA;
        uint256 price;
        string orderType;
        uint8 status;
    }

    /// @dev Same layout as OpenZeppelin 4's Counters.Counter, returned by `ordersCount()`.
    struct Counter {
        uint256 _value;
    }

    uint8 public constant STATUS_FILLED = 0;
    uint8 public constant STATUS_OPEN = 1;
    uint8 public constant STATUS_CANCELLED = 2;
    /// @notice Fee percents: the burned Natura share, and the two USDT shares paid to ownerWallet.
    uint256 public constant BURN_PERCENT = 4;
    uint256 public constant OWNER_FEE_PERCENT = 3;
    uint256 public constant EXTRA_FEE_PERCENT = 1;

    address public immutable burnWallet = 0x000000000000000000000000000000000000dEaD;

    IERC20 public immutable NATURATOKEN;
    IERC20 public immutable USDTTOKEN;
    address public ownerWallet;

    TokenOrder[] public orderBook;
    Counter private counter;
    /// @notice user => ids of the orders they created.
    mapping(address => uint256[]) public userOrders;
    /// @notice maker => the maker-side fee of their last filled order (only the last one).
    mapping(address => uint256) public sellerFeeCollected;
    /// @notice taker => the taker-side fee of their last fill (only the last one).
    mapping(address => uint256) public buyerFeeCollected;

    event OrderCreated(address indexed _ordOwner, address indexed _tokenA, uint256 _amountA, uint256 price);
    event SwapSuccess(address indexed _ordOwner, address indexed _tokenA, uint256 _amountA, uint256 price);
    event SellFeeEvent(address indexed _seller, uint256 _feeAmount);
    event BuyFeeEvent(address indexed _buyer, uint256 _feeAmount);
    event NATURA_Burnt(address indexed _ordOwner, address indexed _buyer, uint256 _amountBurn);

    constructor(address _tokenN, address _tokenU, address _owner) Ownable(_owner) {
        require(_tokenN != address(0) && _tokenU != address(0), "Swap: zero token address");
        require(_tokenN != _tokenU, "Swap: tokens must differ");
        NATURATOKEN = IERC20(_tokenN);
        USDTTOKEN = IERC20(_tokenU);
        ownerWallet = _owner;
    }

    function setownerWallet(address owner) external onlyOwner returns (address) {
        require(owner != address(0), "Swap: zero owner wallet");
        ownerWallet = owner;
        return owner;
    }

    function getBurnWallet() external view returns (address) {
        return burnWallet;
    }

    // --- maker actions --------------------------------------------------------------------

    /// @notice Creates an order, escrowing `_amountA` of `_tokenA` (approve it to this contract first).
    function createOrder(address _tokenA, uint256 _amountA, uint256 _price, string calldata _orderType)
        external
        nonReentrant
    {
        require(
            _tokenA == address(NATURATOKEN) || _tokenA == address(USDTTOKEN),
            "Swap: token must be Natura or USDT"
        );
        require(_amountA > 0, "Swap: amount must be above zero");
        require(_price > 0, "Swap: price must be above zero");
        bytes32 kind = keccak256(bytes(_orderType));
        require(kind == keccak256("sell") || kind == keccak256("buy"), "Swap: order type must be sell or buy");
        require(IERC20(_tokenA).balanceOf(msg.sender) >= _amountA, "Insufficient Token balance");
        IERC20(_tokenA).safeTransferFrom(msg.sender, address(this), _amountA);

        uint256 id = orderBook.length;
        orderBook.push(TokenOrder(msg.sender, _tokenA, _amountA, _price, _orderType, STATUS_OPEN));
        userOrders[msg.sender].push(id);
        counter._value += 1;
        emit OrderCreated(msg.sender, _tokenA, _amountA, _price);
    }

    /// @notice New amount and price of order `_orderId` (owner only). A larger amount pulls the
    /// difference (approve it first); a smaller one refunds it; the price is replaced. No status
    /// check and no zero check, as deployed.
    function updateOrder(uint256 _orderId, uint256 _amount, uint256 _price) external nonReentrant {
        TokenOrder storage o = _ownedOrder(_orderId);
        uint256 oldAmount = o.amountA;
        o.amountA = _amount;
        o.price = _price;
        if (_amount > oldAmount) {
            uint256 extra = _amount - oldAmount;
            require(IERC20(o.tokenA).balanceOf(msg.sender) >= extra, "Insufficient Token balance");
            IERC20(o.tokenA).safeTransferFrom(msg.sender, address(this), extra);
        } else if (_amount < oldAmount) {
            IERC20(o.tokenA).safeTransfer(msg.sender, oldAmount - _amount);
        }
    }

    /// @notice Refunds the order's amountA to its owner and sets status 2 (owner only; no status
    /// check, as deployed: a second cancel refunds again).
    function cancelOrder(uint256 _orderId) external nonReentrant {
        TokenOrder storage o = _ownedOrder(_orderId);
        o.status = STATUS_CANCELLED;
        IERC20(o.tokenA).safeTransfer(msg.sender, o.amountA);
    }

    // --- taker action ---------------------------------------------------------------------

    /// @notice Fills order `_orderId` (see the contract notice for the amounts). No status check.
    function swap(uint256 _orderId) external nonReentrant {
        require(_orderId < orderBook.length, "Invalid order Id");
        TokenOrder storage o = orderBook[_orderId];

        bool aIsNatura = o.tokenA == address(NATURATOKEN);
        IERC20 tokenA = IERC20(o.tokenA);
        IERC20 tokenB = aIsNatura ? USDTTOKEN : NATURATOKEN;
        uint256 wholeTokens = o.amountA / (aIsNatura ? 1e18 : 1e6);
        uint256 takerPays = o.price * wholeTokens;
        require(tokenB.balanceOf(msg.sender) >= takerPays, "Insufficient User balance");
        o.status = STATUS_FILLED;

        uint256 makerFee;
        uint256 takerFee;
        if (aIsNatura) {
            // USDT side (the taker's payment): 3 % + 1 % to ownerWallet; Natura side: 4 % burned.
            uint256 ownerFee = (takerPays * OWNER_FEE_PERCENT) / 100;
            uint256 extraFee = (takerPays * EXTRA_FEE_PERCENT) / 100;
            makerFee = ownerFee + extraFee;
            takerFee = (o.amountA * BURN_PERCENT) / 100;
            tokenB.safeTransferFrom(msg.sender, o.owner, takerPays - makerFee);
            if (makerFee > 0) tokenB.safeTransferFrom(msg.sender, ownerWallet, makerFee);
            tokenA.safeTransfer(msg.sender, o.amountA - takerFee);
            if (takerFee > 0) tokenA.safeTransfer(burnWallet, takerFee);
            emit NATURA_Burnt(o.owner, msg.sender, takerFee);
        } else {
            // Natura side (the taker's payment): 4 % burned; USDT side: 3 % + 1 % to ownerWallet.
            makerFee = (takerPays * BURN_PERCENT) / 100;
            uint256 ownerFee = (o.amountA * OWNER_FEE_PERCENT) / 100;
            uint256 extraFee = (o.amountA * EXTRA_FEE_PERCENT) / 100;
            takerFee = ownerFee + extraFee;
            tokenB.safeTransferFrom(msg.sender, o.owner, takerPays - makerFee);
            if (makerFee > 0) tokenB.safeTransferFrom(msg.sender, burnWallet, makerFee);
            tokenA.safeTransfer(msg.sender, o.amountA - takerFee);
            if (takerFee > 0) tokenA.safeTransfer(ownerWallet, takerFee);
            emit NATURA_Burnt(o.owner, msg.sender, makerFee);
        }
        sellerFeeCollected[o.owner] = makerFee;
        buyerFeeCollected[msg.sender] = takerFee;

        emit SellFeeEvent(o.owner, makerFee);
        emit BuyFeeEvent(msg.sender, takerFee);
        emit SwapSuccess(o.owner, o.tokenA, o.amountA, o.price);
    }

    // --- reads -----------------------------------------------------------------------------

    function getOrders() external view returns (TokenOrder[] memory) {
        return orderBook;
    }

    function getOrderById(uint256 _id) external view returns (TokenOrder memory) {
        require(_id < orderBook.length, "Invalid order Id");
        return orderBook[_id];
    }

    /// @notice `_user`'s orders in creation order, then all-zero padding up to `ordersCount()`
    /// entries, as deployed (entries carry no order id).
    function getOrderByUser(address _user) external view returns (TokenOrder[] memory) {
        uint256[] storage ids = userOrders[_user];
        TokenOrder[] memory orders = new TokenOrder[](counter._value);
        for (uint256 i = 0; i < ids.length; i++) {
            orders[i] = orderBook[ids[i]];
        }
        return orders;
    }

    function ordersCount() external view returns (Counter memory) {
        return counter;
    }

    // --- internals -------------------------------------------------------------------------

    function _ownedOrder(uint256 _orderId) private view returns (TokenOrder storage o) {
        require(_orderId < orderBook.length, "Invalid order Id");
        o = orderBook[_orderId];
        require(o.owner == msg.sender, "Unauthorised");
    }
}
