// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title Natura (NAT), 18 decimals — reference version of the deployed reward token.
/// @notice Only the parts the dApp reads are implemented: plain ERC-20 plus the dashboard
/// "reserve" storage. The deployed token's fee/Uniswap/votes/snapshot machinery is omitted.
/// Units (contracts.md §4): price = USD with 6 decimals; gold and misc reserves = whole USD, raw;
/// bitcoin reserves = BTC with 18 decimals; other Natura released = NAT with 18 decimals.
contract Natura is ERC20, Ownable {
    /// @notice Initial supply minted to the deployer: 100,000,000 NAT.
    uint256 public constant INITIAL_SUPPLY = 100_000_000 * 1e18;

    address public constant deadAddress = 0x000000000000000000000000000000000000dEaD;

    address public stakingContract;

    uint256 private naturaPriceStored;
    uint256 private bitcoinReservesStored;
    uint256 private goldReservesStored;
    uint256 private miscReservesStored;
    uint256 private otherNaturaReleasedStored;
    uint256 private naturaCirculationPercentageStored;

    constructor() ERC20("Natura", "NAT") Ownable(msg.sender) {
        _mint(msg.sender, INITIAL_SUPPLY);
    }

    receive() external payable {}

    // --- dashboard reads -------------------------------------------------------------------

    /// @notice Minimum Natura value in USD with 6 decimals.
    function getNaturaPrice() external view returns (uint256) {
        return naturaPriceStored;
    }

    function _getBitcoinReserves() external view returns (uint256) {
        return bitcoinReservesStored;
    }

    function _getGoldReserves() external view returns (uint256) {
        return goldReservesStored;
    }

    function _getMiscReserves() external view returns (uint256) {
        return miscReservesStored;
    }

    function _getOtherNaturaReleased() external view returns (uint256) {
        return otherNaturaReleasedStored;
    }

    function _getNaturaCirculationPercentage() external view returns (uint256) {
        return naturaCirculationPercentageStored;
    }

    // --- owner-only setters (admin tool) ---------------------------------------------------

    function _setBitcoinReserves(uint256 _bitcoinReserves) external onlyOwner {
        bitcoinReservesStored = _bitcoinReserves;
    }

    function _setGoldReserves(uint256 _goldReserves) external onlyOwner {
        goldReservesStored = _goldReserves;
    }

    function _setMiscReserves(uint256 _miscReserves) external onlyOwner {
        miscReservesStored = _miscReserves;
    }

    function _setOtherNaturaReleased(uint256 _naturaReleased) external onlyOwner {
        otherNaturaReleasedStored = _naturaReleased;
    }

    function _setNaturaCirculationPercentage(uint256 _percentage) external onlyOwner {
        require(_percentage <= 100, "Natura: percentage above 100");
        naturaCirculationPercentageStored = _percentage;
    }

    /// @notice Local-stack addition (not in the deployed ABI, where the price is derived on-chain).
    function _setNaturaPrice(uint256 _price) external onlyOwner {
        naturaPriceStored = _price;
    }

    function setTerraStaking(address _stakingAddress) external onlyOwner {
        require(_stakingAddress != address(0), "Natura: zero staking address");
        stakingContract = _stakingAddress;
    }

    // --- ERC-20 allowance helpers present in the deployed ABI (removed from OpenZeppelin 5) --

    function increaseAllowance(address spender, uint256 addedValue) external returns (bool) {
        _approve(msg.sender, spender, allowance(msg.sender, spender) + addedValue);
        return true;
    }

    function decreaseAllowance(address spender, uint256 subtractedValue) external returns (bool) {
        uint256 current = allowance(msg.sender, spender);
        require(current >= subtractedValue, "Natura: decreased allowance below zero");
        _approve(msg.sender, spender, current - subtractedValue);
        return true;
    }
}
