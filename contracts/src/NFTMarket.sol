// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC2981} from "@openzeppelin/contracts/interfaces/IERC2981.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title Fixed-price NFT marketplace paid in USDT — reference version of the deployed one (§3 A),
/// behaving as contracts.md §9.1 describes the verified deployed source.
/// @notice Listing moves the NFT here. A sale pulls exactly the asking price from the buyer in up to
/// three pulls: the ERC-2981 royalty (if the collection supports it), 5 % (floor) of the rest to
/// `fee_collector`, the remainder to the seller. Like the deployed contract, a sale trusts the
/// caller's `nftContract` and does not check that the item is unsold; a release deletes the item,
/// which then shows in `fetchMarketItems` as an all-zero entry. Item ids start at 1.
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

    /// @notice Marketplace fee in basis points (5 %), charged on the price after royalty.
    uint256 public constant FEE_BPS = 500;
    bytes4 private constant INTERFACE_ID_ERC2981 = 0x2a55205a;

    IERC20 public immutable usdt;
    address public fee_collector;

    uint256 private itemCount;
    uint256 private itemsSold;
    mapping(uint256 => MarketItem) private items;

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

    /// @notice Lists `tokenId` for `price` USDT base units. The NFT moves here with
    /// `transferFrom(seller → marketplace)`, so the seller's approval is required (the NFT contract
    /// reverts otherwise). Emits MarketItemCreated (itemId = topic1).
    function createMarketItem(address nftContract, uint256 tokenId, uint256 price) external nonReentrant {
        require(price > 0, "Price must be at least 1 wei");

        uint256 itemId = ++itemCount;
        items[itemId] = MarketItem(itemId, nftContract, tokenId, msg.sender, address(0), price, false);

        IERC721(nftContract).transferFrom(msg.sender, address(this), tokenId);
        emit MarketItemCreated(itemId, nftContract, tokenId, msg.sender, address(0), price, false);
    }

    /// @notice Buys item `itemId`. Only `amountPaid == price` is checked; `nftContract` is taken
    /// from the caller (royalty and NFT transfer use it) and a sold item is not refused here — its
    /// NFT transfer fails instead. The buyer's USDT allowance to this contract must cover the price.
    function createMarketSale(address nftContract, uint256 itemId, uint256 amountPaid) external nonReentrant {
        MarketItem storage item = items[itemId];
        uint256 price = item.price;
        uint256 tokenId = item.tokenId;
        require(amountPaid == price, "Please submit the asking price in order to complete the purchase");

        uint256 afterRoyalty = price;
        if (_checkRoyalties(nftContract)) {
            (address receiver, uint256 royalty) = IERC2981(nftContract).royaltyInfo(tokenId, price);
            afterRoyalty = price - royalty;
            if (royalty > 0) {
                usdt.safeTransferFrom(msg.sender, receiver, royalty);
                emit RoyaltiesPaid(tokenId, royalty);
            }
        }
        uint256 fee = (afterRoyalty * FEE_BPS) / 10_000;
        if (fee > 0) usdt.safeTransferFrom(msg.sender, fee_collector, fee);
        if (afterRoyalty - fee > 0) usdt.safeTransferFrom(msg.sender, item.seller, afterRoyalty - fee);

        IERC721(nftContract).transferFrom(address(this), msg.sender, tokenId);
        item.owner = msg.sender;
        item.sold = true;
        itemsSold++;
    }

    /// @notice Returns the NFT to its seller and deletes the item (seller only). A sold item fails
    /// inside the NFT transfer; a deleted one has no seller any more ("Not an owner").
    function releaseSale(uint256 itemId) external nonReentrant {
        MarketItem memory item = items[itemId];
        require(item.seller == msg.sender, "Not an owner");
        IERC721(item.nftContract).transferFrom(address(this), msg.sender, item.tokenId);
        delete items[itemId];
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

    /// @notice Gross value minus the ERC-2981 royalty (0 when the collection does not support
    /// ERC-2981). Computes only (no transfer); nonpayable rather than view to keep the deployed
    /// ABI's state mutability.
    function _deduceRoyalties(address nftContract, uint256 tokenId, uint256 grossSaleValue)
        external
        returns (uint256 netSaleAmount)
    {
        netSaleAmount = grossSaleValue;
        if (_checkRoyalties(nftContract)) {
            (, uint256 royalty) = IERC2981(nftContract).royaltyInfo(tokenId, grossSaleValue);
            netSaleAmount = grossSaleValue - royalty;
        }
    }

    // --- reads -----------------------------------------------------------------------------

    /// @notice Every item whose stored owner is the zero address, in item id order, in an array of
    /// length (items created − items sold): unsold items, and each deleted (released) item as an
    /// all-zero entry. Consumers skip entries with itemId 0.
    function fetchMarketItems() external view returns (MarketItem[] memory) {
        uint256 total = itemCount;
        MarketItem[] memory result = new MarketItem[](total - itemsSold);
        uint256 j;
        for (uint256 id = 1; id <= total; id++) {
            if (items[id].owner == address(0)) result[j++] = items[id];
        }
        return result;
    }

    /// @notice Items the caller has listed and that still exist (released ones are deleted), in item id order.
    function fetchItemsCreated() external view returns (MarketItem[] memory) {
        return _filter(true, msg.sender);
    }

    /// @notice Items the caller has bought through the marketplace, in item id order.
    function fetchMyNFTs() external view returns (MarketItem[] memory) {
        return _filter(false, msg.sender);
    }

    function _filter(bool bySeller, address who) private view returns (MarketItem[] memory result) {
        uint256 total = itemCount;
        uint256 count;
        for (uint256 id = 1; id <= total; id++) {
            if ((bySeller ? items[id].seller : items[id].owner) == who) count++;
        }
        result = new MarketItem[](count);
        uint256 j;
        for (uint256 id = 1; id <= total; id++) {
            if ((bySeller ? items[id].seller : items[id].owner) == who) result[j++] = items[id];
        }
    }
}
