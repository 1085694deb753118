// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title Local stand-in for Polygon PoS USDT (6 decimals).
/// @notice `approve`/`transfer` return bool (PoS child-token ABI, §3 G2); callers using the
/// Tether-style ABI (§3 G1) simply ignore the return data, so both ABIs work. Like the deployed
/// token (OpenZeppelin 4.8, contracts.md §9), a short allowance or balance reverts with the reason
/// strings "ERC20: insufficient allowance" / "ERC20: transfer amount exceeds balance", not with
/// OpenZeppelin 5's custom errors. `approve` replaces any allowance (no zero-first rule).
contract TestUSDT is ERC20, Ownable {
    /// @notice Amount handed out by {faucet}: 10,000 USDT.
    uint256 public constant FAUCET_AMOUNT = 10_000 * 1e6;

    constructor() ERC20("Tether USD", "USDT") Ownable(msg.sender) {}

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function _spendAllowance(address owner, address spender, uint256 value) internal override {
        uint256 current = allowance(owner, spender);
        if (current != type(uint256).max) {
            require(current >= value, "ERC20: insufficient allowance");
        }
        super._spendAllowance(owner, spender, value);
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from != address(0)) {
            require(balanceOf(from) >= value, "ERC20: transfer amount exceeds balance");
        }
        super._update(from, to, value);
    }

    /// @notice Owner-only mint for seeding local accounts.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    /// @notice Anyone may call this on the local chain to receive FAUCET_AMOUNT.
    function faucet() external {
        _mint(msg.sender, FAUCET_AMOUNT);
    }
}
