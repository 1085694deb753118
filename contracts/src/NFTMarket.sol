// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC2981} from "@openzeppelin/contracts/interfaces/IERC2981.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title Fixed-price NFT marketplace paid in USDT — reference version of the deployed one (§3 A).
/// @notice Listing escrows the NFT here. A sale pulls exactly the asking price from the buyer and
/// splits it: 5 % (floor) to `fee_collector`, ERC-2981 royalty (if the collection supports it) to
/// the royalty receiver, the rest to the seller. Item ids start at 1.
contract NFTMarket is Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    struct MarketItem {
        uint256 itemId;
        address nftContract;
        uint256 tokenId;
        address seller;
        address owner;
        uint256 price;
        bool sold;
    }

    /// @notice Marketplace fee in basis points (5 %).
    uint256 public constant FEE_BPS = 500;
    bytes4 private constant INTERFACE_ID_ERC2981 = 0x2a55205a;

    IERC20 public immutable usdt;
    address public fee_collector;

    uint256 private itemCount;
    mapping(uint256 => MarketItem) private items;
    /// @dev A released item is neither for sale nor sold.
    mapping(uint256 => bool) private released;
    /// @dev nftContract => tokenId => active (unsold, unreleased) item id, 0 when none.
    mapping(address => mapping(uint256 => uint256)) private activeItem;

    event MarketItemCreated(
        uint256 indexed itemId,
        address indexed nftContract,
        uint256 indexed tokenId,
        address seller,
        address owner,
        uint256 price,
        bool sold
    );
    event RoyaltiesPaid(uint256 tokenId, uint256 value);

    constructor(address _usdt, address _feeCollector) Ownable(msg.sender) {
        require(_usdt != address(0), "Marketplace: zero USDT address");
        require(_feeCollector != address(0), "Marketplace: zero fee collector");
        usdt = IERC20(_usdt);
        fee_collector = _feeCollector;
    }

    function setFeeCollector(address _feeCollector) external onlyOwner {
        require(_feeCollector != address(0), "Marketplace: zero fee collector");
        fee_collector = _feeCollector;
    }

    // --- listing ---------------------------------------------------------------------------

    /// @notice Lists `tokenId` for `price` USDT base units; the caller must own the token and have
    /// approved this contract for it. Emits MarketItemCreated (itemId = topic1).
    function createMarketItem(address nftContract, uint256 tokenId, uint256 price) external nonReentrant {
        require(price > 0, "Marketplace: price must be above zero");
        require(activeItem[nftContract][tokenId] == 0, "Marketplace: token already listed");
        IERC721 nft = IERC721(nftContract);
        require(nft.ownerOf(tokenId) == msg.sender, "Marketplace: caller is not the token owner");
        require(
            nft.getApproved(tokenId) == address(this) || nft.isApprovedForAll(msg.sender, address(this)),
            "Marketplace: marketplace not approved for token"
        );

        uint256 itemId = ++itemCount;
        items[itemId] = MarketItem(itemId, nftContract, tokenId, msg.sender, address(0), price, false);
        activeItem[nftContract][tokenId] = itemId;

        nft.transferFrom(msg.sender, address(this), tokenId);
        emit MarketItemCreated(itemId, nftContract, tokenId, msg.sender, address(0), price, false);
    }

    /// @notice Buys item `itemId`. `amountPaid` must equal the asking price; the buyer must have
    /// approved at least that much USDT to this contract.
    function createMarketSale(address nftContract, uint256 itemId, uint256 amountPaid) external nonReentrant {
        require(itemId > 0 && itemId <= itemCount, "Marketplace: item does not exist");
        MarketItem storage item = items[itemId];
        require(item.nftContract == nftContract, "Marketplace: item is not from this NFT contract");
        require(!item.sold && !released[itemId], "Marketplace: item is not for sale");
        uint256 price = item.price;
        require(amountPaid == price, "Marketplace: amount paid must equal the asking price");
        require(usdt.allowance(msg.sender, address(this)) >= price, "Marketplace: insufficient USDT allowance");
        require(usdt.balanceOf(msg.sender) >= price, "Marketplace: insufficient USDT balance");

        item.owner = msg.sender;
        item.sold = true;
        activeItem[nftContract][item.tokenId] = 0;

        uint256 fee = (price * FEE_BPS) / 10_000;
        usdt.safeTransferFrom(msg.sender, address(this), price);
        if (fee > 0) usdt.safeTransfer(fee_collector, fee);
        uint256 net = _payRoyalties(nftContract, item.tokenId, price, price - fee);
        if (net > 0) usdt.safeTransfer(item.seller, net);

        IERC721(nftContract).transferFrom(address(this), msg.sender, item.tokenId);
    }

    /// @notice Returns a listed, unsold NFT to its seller (seller only).
    function releaseSale(uint256 itemId) external nonReentrant {
        require(itemId > 0 && itemId <= itemCount, "Marketplace: item does not exist");
        MarketItem storage item = items[itemId];
        require(item.seller == msg.sender, "Marketplace: only the seller can release");
        require(!item.sold && !released[itemId], "Marketplace: item is not for sale");

        released[itemId] = true;
        activeItem[item.nftContract][item.tokenId] = 0;
        IERC721(item.nftContract).transferFrom(address(this), msg.sender, item.tokenId);
    }

    // --- royalties -------------------------------------------------------------------------

    /// @notice True when `_contract` declares ERC-2981 support.
    function _checkRoyalties(address _contract) public view returns (bool) {
        try IERC165(_contract).supportsInterface(INTERFACE_ID_ERC2981) returns (bool ok) {
            return ok;
        } catch {
            return false;
        }
    }

    /// @notice Gross value minus the ERC-2981 royalty. Computes only (no transfer); nonpayable
    /// rather than view to keep the deployed ABI's state mutability.
    function _deduceRoyalties(address nftContract, uint256 tokenId, uint256 grossSaleValue)
        external
        returns (uint256 netSaleAmount)
    {
        (, uint256 royalty) = _royalty(nftContract, tokenId, grossSaleValue);
        require(royalty <= grossSaleValue, "Marketplace: royalty above sale value");
        netSaleAmount = grossSaleValue - royalty;
    }

    function _royalty(address nftContract, uint256 tokenId, uint256 gross)
        private
        view
        returns (address receiver, uint256 amount)
    {
        if (!_checkRoyalties(nftContract)) return (address(0), 0);
        (receiver, amount) = IERC2981(nftContract).royaltyInfo(tokenId, gross);
        if (receiver == address(0)) amount = 0;
    }

    /// @dev Pays the royalty on `gross` out of `available`; returns what is left for the seller.
    function _payRoyalties(address nftContract, uint256 tokenId, uint256 gross, uint256 available)
        private
        returns (uint256)
    {
        (address receiver, uint256 royalty) = _royalty(nftContract, tokenId, gross);
        if (royalty == 0) return available;
        require(royalty <= available, "Marketplace: royalty and fee exceed the price");
        usdt.safeTransfer(receiver, royalty);
        emit RoyaltiesPaid(tokenId, royalty);
        return available - royalty;
    }

    // --- reads -----------------------------------------------------------------------------

    /// @notice Items currently for sale (unsold and not released), in item id order.
    function fetchMarketItems() external view returns (MarketItem[] memory) {
        return _filter(0, address(0));
    }

    /// @notice Items the caller has listed (any state), in item id order.
    function fetchItemsCreated() external view returns (MarketItem[] memory) {
        return _filter(1, msg.sender);
    }

    /// @notice Items the caller has bought through the marketplace, in item id order.
    function fetchMyNFTs() external view returns (MarketItem[] memory) {
        return _filter(2, msg.sender);
    }

    function _matches(uint256 kind, uint256 id, address who) private view returns (bool) {
        MarketItem storage it = items[id];
        if (kind == 0) return !it.sold && !released[id];
        if (kind == 1) return it.seller == who;
        return it.sold && it.owner == who;
    }

    function _filter(uint256 kind, address who) private view returns (MarketItem[] memory result) {
        uint256 total = itemCount;
        uint256 count;
        for (uint256 id = 1; id <= total; id++) {
            if (_matches(kind, id, who)) count++;
        }
        result = new MarketItem[](count);
        uint256 j;
        for (uint256 id = 1; id <= total; id++) {
            if (_matches(kind, id, who)) result[j++] = items[id];
        }
    }
}
