// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @dev The two staking reads the price formula needs (contracts.md §3 C).
interface ITerraStakingTotals {
    function totNftPrice() external view returns (uint256);
    function totalRewardsClaimed() external view returns (uint256);
}

/// @title Natura (NAT), 18 decimals — reference version of the deployed reward token.
/// @notice Plain ERC-20 plus the dashboard "reserve" storage and the on-chain price of
/// contracts.md §9.3. The deployed token's fee/Uniswap/votes/snapshot machinery is omitted (no app
/// flow goes through the AMM pair, so no transfer carries a fee). Units (contracts.md §4): price =
/// USD with 6 decimals; gold and misc reserves = whole USD, raw; bitcoin reserves = BTC with 18
/// decimals; other Natura released = NAT with 18 decimals; circulation percentage = basis points.
/// Balance and allowance failures revert with OpenZeppelin 4.8's reason strings, as the deployed
/// token does (OpenZeppelin 5 would use custom errors).
contract Natura is ERC20, Ownable {
    /// @notice Initial supply minted to the deployer: 100,000,000 NAT.
    uint256 public constant INITIAL_SUPPLY = 100_000_000 * 1e18;

    address public constant deadAddress = 0x000000000000000000000000000000000000dEaD;

    address public stakingContract;

    uint256 private bitcoinReservesStored;
    uint256 private goldReservesStored;
    uint256 private miscReservesStored;
    uint256 private otherNaturaReleasedStored;
    uint256 private naturaCirculationPercentageStored;
    /// @dev Stands in for the Chainlink BTC/USD feed the deployed constructor wires (8 decimals).
    int256 private btcUsdAnswer;

    /// @dev The deployed token's name and symbol (deployed-system.md §C9.3): "Natura Token" / "Natura".
    constructor() ERC20("Natura Token", "Natura") Ownable(msg.sender) {
        _mint(msg.sender, INITIAL_SUPPLY);
    }

    receive() external payable {}

    // --- dashboard reads -------------------------------------------------------------------

    /// @notice Minimum Natura value in USDT base units per NAT (§9.3):
    /// (totNftPrice ÷ 10^6 + gold + ⌊BTC⌋ × ⌊BTC/USD ÷ 10^8⌋ + misc) × 10^6 ÷
    /// (⌊supply ÷ 10^18⌋ × circulation bps ÷ 10,000 + other released ÷ 10^18 + rewards claimed ÷ 10^18).
    /// Reverts (division by zero) when the denominator is 0.
    function getNaturaPrice() external view returns (uint256) {
        ITerraStakingTotals staking = ITerraStakingTotals(stakingContract);
        uint256 backing = staking.totNftPrice() / 1e6 + goldReservesStored + getBtcReserveValue() + miscReservesStored;
        uint256 circulating = ((totalSupply() / 1e18) * naturaCirculationPercentageStored) / 10_000 +
            otherNaturaReleasedStored / 1e18 +
            staking.totalRewardsClaimed() / 1e18;
        return (backing * 1e6) / circulating;
    }

    /// @notice The BTC/USD feed's answer (8 decimals).
    function getLatestPrice() public view returns (int256) {
        return btcUsdAnswer;
    }

    /// @notice Whole BTC held × whole US dollars per BTC.
    function getBtcReserveValue() public view returns (uint256) {
        return (bitcoinReservesStored / 1e18) * (uint256(getLatestPrice()) / 1e8);
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

    /// @param _percentage basis points of the supply counted as circulating (300 = 3 %).
    function _setNaturaCirculationPercentage(uint256 _percentage) external onlyOwner {
        naturaCirculationPercentageStored = _percentage;
    }

    /// @notice Local-stack addition: the BTC/USD answer (8 decimals) the deployed token reads from Chainlink.
    function _setBtcUsdPrice(int256 _answer) external onlyOwner {
        require(_answer >= 0, "Natura: negative BTC price");
        btcUsdAnswer = _answer;
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
        require(current >= subtractedValue, "ERC20: decreased allowance below zero");
        _approve(msg.sender, spender, current - subtractedValue);
        return true;
    }

    // --- OpenZeppelin 4.8 reason strings -----------------------------------------------------

    function _spendAllowance(address owner, address spender, uint256 value) internal override {
        uint256 current = allowance(owner, spender);
        if (current != type(uint256).max) {
            require(current >= value, "ERC20: insufficient allowance");
            _approve(owner, spender, current - value, true);
        }
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from != address(0)) require(balanceOf(from) >= value, "ERC20: transfer amount exceeds balance");
        super._update(from, to, value);
    }
}
