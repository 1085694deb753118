// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

/// @title Natura/USDT order book — reference version of the deployed `Swap` (§3 E, §5.7).
/// @notice A maker escrows `amountA` of tokenA (Natura or USDT) at `price` = base units of the other
/// token per one whole tokenA (tokenA Natura ⇒ USDT base units per NAT; tokenA USDT ⇒ NAT wei per
/// USDT). Order ids are positions in `getOrders()` (0, 1, 2, … in creation order).
/// Status: 1 open, 0 filled, 2 cancelled.
///
/// Filling order `o` (`swap`), all in bigint-exact integer maths:
///   takerPays = ceil(o.amountA × o.price ÷ 10^decimals(tokenA))   (other token, pulled from taker)
///   makerFee  = floor(takerPays × 4 ÷ 100);  maker receives takerPays − makerFee
///   takerFee  = floor(o.amountA × 4 ÷ 100);  taker receives o.amountA − takerFee
/// The Natura-side fee is sent to `burnWallet` (0x…dEaD, event NATURA_Burnt); the USDT-side fee is
/// sent to `ownerWallet`. Rounding up `takerPays` matches the app's approve amount exactly.
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
    /// @notice Fee in percent charged on each side of a fill.
    uint256 public constant FEE_PERCENT = 4;

    address public immutable burnWallet = 0x000000000000000000000000000000000000dEaD;

    IERC20 public immutable NATURATOKEN;
    IERC20 public immutable USDTTOKEN;
    address public ownerWallet;

    TokenOrder[] public orderBook;
    Counter private counter;
    /// @notice user => ids of the orders they created.
    mapping(address => uint256[]) public userOrders;
    /// @notice token => total maker-side fees taken in that token.
    mapping(address => uint256) public sellerFeeCollected;
    /// @notice token => total taker-side fees taken in that token.
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
        _pull(IERC20(_tokenA), msg.sender, _amountA);

        uint256 id = orderBook.length;
        orderBook.push(TokenOrder(msg.sender, _tokenA, _amountA, _price, _orderType, STATUS_OPEN));
        userOrders[msg.sender].push(id);
        counter._value += 1;
        emit OrderCreated(msg.sender, _tokenA, _amountA, _price);
    }

    /// @notice Changes amount and price of an open order (owner only). A larger amount pulls the
    /// difference (approve it first); a smaller one refunds the difference.
    function updateOrder(uint256 _orderId, uint256 _amount, uint256 _price) external nonReentrant {
        TokenOrder storage o = _ownedOpenOrder(_orderId);
        require(_amount > 0, "Swap: amount must be above zero");
        require(_price > 0, "Swap: price must be above zero");
        uint256 oldAmount = o.amountA;
        o.amountA = _amount;
        o.price = _price;
        if (_amount > oldAmount) {
            _pull(IERC20(o.tokenA), msg.sender, _amount - oldAmount);
        } else if (_amount < oldAmount) {
            IERC20(o.tokenA).safeTransfer(msg.sender, oldAmount - _amount);
        }
    }

    /// @notice Cancels an open order and refunds its escrow (owner only).
    function cancelOrder(uint256 _orderId) external nonReentrant {
        TokenOrder storage o = _ownedOpenOrder(_orderId);
        o.status = STATUS_CANCELLED;
        IERC20(o.tokenA).safeTransfer(msg.sender, o.amountA);
    }

    // --- taker action ---------------------------------------------------------------------

    /// @notice Fills order `_orderId` completely (see the contract notice for the amounts).
    function swap(uint256 _orderId) external nonReentrant {
        require(_orderId < orderBook.length, "Swap: order does not exist");
        TokenOrder storage o = orderBook[_orderId];
        require(o.status == STATUS_OPEN, _closedReason(o.status));
        require(o.owner != msg.sender, "Swap: cannot fill your own order");

        bool aIsNatura = o.tokenA == address(NATURATOKEN);
        IERC20 tokenA = IERC20(o.tokenA);
        IERC20 tokenB = aIsNatura ? USDTTOKEN : NATURATOKEN;
        uint256 unitA = aIsNatura ? 1e18 : 1e6;

        uint256 takerPays = Math.mulDiv(o.amountA, o.price, unitA, Math.Rounding.Ceil);
        uint256 makerFee = (takerPays * FEE_PERCENT) / 100;
        uint256 takerFee = (o.amountA * FEE_PERCENT) / 100;

        o.status = STATUS_FILLED;
        _pull(tokenB, msg.sender, takerPays);

        tokenB.safeTransfer(o.owner, takerPays - makerFee);
        tokenA.safeTransfer(msg.sender, o.amountA - takerFee);
        sellerFeeCollected[address(tokenB)] += makerFee;
        buyerFeeCollected[address(tokenA)] += takerFee;

        uint256 naturaFee = aIsNatura ? takerFee : makerFee;
        uint256 usdtFee = aIsNatura ? makerFee : takerFee;
        if (naturaFee > 0) NATURATOKEN.safeTransfer(burnWallet, naturaFee);
        if (usdtFee > 0) USDTTOKEN.safeTransfer(ownerWallet, usdtFee);

        emit SellFeeEvent(o.owner, makerFee);
        emit BuyFeeEvent(msg.sender, takerFee);
        emit NATURA_Burnt(o.owner, msg.sender, naturaFee);
        emit SwapSuccess(o.owner, o.tokenA, o.amountA, o.price);
    }

    // --- reads -----------------------------------------------------------------------------

    function getOrders() external view returns (TokenOrder[] memory) {
        return orderBook;
    }

    function getOrderById(uint256 _id) external view returns (TokenOrder memory) {
        require(_id < orderBook.length, "Swap: order does not exist");
        return orderBook[_id];
    }

    /// @notice Orders created by `_user`, in creation order.
    function getOrderByUser(address _user) external view returns (TokenOrder[] memory) {
        uint256[] storage ids = userOrders[_user];
        TokenOrder[] memory orders = new TokenOrder[](ids.length);
        for (uint256 i = 0; i < ids.length; i++) {
            orders[i] = orderBook[ids[i]];
        }
        return orders;
    }

    function ordersCount() external view returns (Counter memory) {
        return counter;
    }

    // --- internals -------------------------------------------------------------------------

    function _ownedOpenOrder(uint256 _orderId) private view returns (TokenOrder storage o) {
        require(_orderId < orderBook.length, "Swap: order does not exist");
        o = orderBook[_orderId];
        require(o.owner == msg.sender, "Swap: caller is not the order owner");
        require(o.status == STATUS_OPEN, _closedReason(o.status));
    }

    function _closedReason(uint8 status) private pure returns (string memory) {
        return status == STATUS_CANCELLED ? "Swap: order is cancelled" : "Swap: order is already filled";
    }

    function _pull(IERC20 token, address from, uint256 amount) private {
        require(token.allowance(from, address(this)) >= amount, "Swap: insufficient token allowance");
        require(token.balanceOf(from) >= amount, "Swap: insufficient token balance");
        token.safeTransferFrom(from, address(this), amount);
    }
}
