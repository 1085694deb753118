// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Enumerable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Enumerable.sol";
import {ERC2981} from "@openzeppelin/contracts/token/common/ERC2981.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title NFT collection paid in USDT — reference version of the deployed collections (§3 B).
/// @notice Token ids are chosen by the buyer (`mint(tokenId, cost)`), from 1 to `maxSupply`.
/// The mint price is pulled in USDT into this contract; the owner collects it with `withdrawUSDT`.
/// `tokenURI` = baseURI + tokenId + baseExtension once revealed.
contract TerraNFT is ERC721Enumerable, ERC2981, Ownable, Pausable {
    using Strings for uint256;
    using SafeERC20 for IERC20;

    IERC20 public immutable usdt;

    string public baseURI;
    string public baseExtension;
    string public notRevealedUri;
    string private contractUri;
    string private collectionName;
    string private collectionSymbol;

    /// @notice Minimum mint price in USDT base units (6 decimals).
    uint256 public cost = 25 * 1e6;
    uint256 public maxSupply = 50;
    uint256 public maxMintAmount = 1;
    bool public revealed;
    /// @notice Id of the most recently minted token (0 before the first mint).
    uint256 public lastTokenID;
    /// @notice True once a token id has been minted (stays true after a burn: ids are never reused).
    mapping(uint256 => bool) public mintedTokenId;

    uint256 private highestMintedId;

    constructor(
        address _usdt,
        string memory _initBaseURI,
        string memory _initNotRevealedUri,
        uint96 _royaltyFeeInBips,
        string memory _contractURI
    ) ERC721("Terra Mater NFT", "TMNFT") Ownable(msg.sender) {
        require(_usdt != address(0), "NFT: zero USDT address");
        usdt = IERC20(_usdt);
        baseURI = _initBaseURI;
        notRevealedUri = _initNotRevealedUri;
        contractUri = _contractURI;
        collectionName = "Terra Mater NFT";
        collectionSymbol = "TMNFT";
        _setDefaultRoyalty(msg.sender, _royaltyFeeInBips);
    }

    receive() external payable {}

    // --- minting ---------------------------------------------------------------------------

    /// @notice Mints `_tokenId` to the caller, pulling `_cost` USDT (needs a prior USDT approve).
    function mint(uint256 _tokenId, uint256 _cost) external {
        require(!paused(), "NFT: minting is paused");
        require(_tokenId > 0 && _tokenId <= maxSupply, "NFT: token id out of range");
        require(!mintedTokenId[_tokenId], "NFT: token already minted");
        require(_cost >= cost, "NFT: cost below mint price");
        require(usdt.allowance(msg.sender, address(this)) >= _cost, "NFT: insufficient USDT allowance");
        require(usdt.balanceOf(msg.sender) >= _cost, "NFT: insufficient USDT balance");

        mintedTokenId[_tokenId] = true;
        lastTokenID = _tokenId;
        if (_tokenId > highestMintedId) highestMintedId = _tokenId;
        if (_cost > 0) usdt.safeTransferFrom(msg.sender, address(this), _cost);
        _safeMint(msg.sender, _tokenId);
    }

    /// @notice Burns a token; caller must own it or be approved for it.
    function burn(uint256 tokenId) external {
        _update(address(0), tokenId, msg.sender);
    }

    // --- views -----------------------------------------------------------------------------

    function name() public view override returns (string memory) {
        return collectionName;
    }

    function symbol() public view override returns (string memory) {
        return collectionSymbol;
    }

    function contractURI() external view returns (string memory) {
        return contractUri;
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        if (!revealed) return notRevealedUri;
        string memory base = baseURI;
        return bytes(base).length > 0 ? string.concat(base, tokenId.toString(), baseExtension) : "";
    }

    /// @notice Token ids held by `_owner` (enumeration order).
    function walletOfOwner(address _owner) external view returns (uint256[] memory) {
        uint256 count = balanceOf(_owner);
        uint256[] memory ids = new uint256[](count);
        for (uint256 i = 0; i < count; i++) {
            ids[i] = tokenOfOwnerByIndex(_owner, i);
        }
        return ids;
    }

    function supportsInterface(bytes4 interfaceId)
        public
        view
        override(ERC721Enumerable, ERC2981)
        returns (bool)
    {
        return super.supportsInterface(interfaceId);
    }

    // --- owner-only administration ---------------------------------------------------------

    /// @notice Pausing blocks minting only (transfers, listing and staking keep working).
    function pause() external onlyOwner {
        _pause();
    }

    function unpause() external onlyOwner {
        _unpause();
    }

    function reveal() external onlyOwner {
        revealed = true;
    }

    function unreveal() external onlyOwner {
        revealed = false;
    }

    /// @notice Sends the collected mint proceeds (this contract's USDT balance) to the owner.
    function withdrawUSDT() external onlyOwner {
        uint256 balance = usdt.balanceOf(address(this));
        require(balance > 0, "NFT: nothing to withdraw");
        usdt.safeTransfer(owner(), balance);
    }

    function setCost(uint256 _newCost) external onlyOwner {
        cost = _newCost;
    }

    function setmaxMintAmount(uint256 _newmaxMintAmount) external onlyOwner {
        maxMintAmount = _newmaxMintAmount;
    }

    function setBaseURI(string memory _newBaseURI) external onlyOwner {
        baseURI = _newBaseURI;
    }

    function setNotRevealedURI(string memory _notRevealedURI) external onlyOwner {
        notRevealedUri = _notRevealedURI;
    }

    function setContractURI(string memory _contractURI) external onlyOwner {
        contractUri = _contractURI;
    }

    /// @notice Local-stack addition: the deployed collections hard-code name, symbol and supply.
    function setCollectionInfo(string memory _name, string memory _symbol, uint256 _maxSupply) external onlyOwner {
        require(_maxSupply >= highestMintedId, "NFT: max supply below minted ids");
        collectionName = _name;
        collectionSymbol = _symbol;
        maxSupply = _maxSupply;
    }

    /// @notice Local-stack addition: change the ERC-2981 receiver and fee.
    function setRoyaltyInfo(address _receiver, uint96 _royaltyFeeInBips) external onlyOwner {
        _setDefaultRoyalty(_receiver, _royaltyFeeInBips);
    }
}
