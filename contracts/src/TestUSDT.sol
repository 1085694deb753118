// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title Local stand-in for Polygon PoS USDT (6 decimals).
/// @notice `approve`/`transfer` return bool (PoS child-token ABI, §3 G2); callers using the
/// Tether-style ABI (§3 G1) simply ignore the return data, so both ABIs work.
contract TestUSDT is ERC20, Ownable {
    /// @notice Amount handed out by {faucet}: 10,000 USDT.
    uint256 public constant FAUCET_AMOUNT = 10_000 * 1e6;

    constructor() ERC20("Tether USD", "USDT") Ownable(msg.sender) {}

    function decimals() public pure override returns (uint8) {
        return 6;
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
