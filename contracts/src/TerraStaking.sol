// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC721Receiver} from "@openzeppelin/contracts/token/ERC721/IERC721Receiver.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @dev Natura's on-chain price (contracts.md §9.3), USDT base units per NAT.
interface INaturaPrice {
    function getNaturaPrice() external view returns (uint256);
}

/// @title NFT staking with Natura rewards — reference version of the deployed `TerraStaking` (§3 C, §9.2).
/// @notice One pool per NFT collection (pid = index of `poolInfo`). A staked token earns
/// `getRewardsPerDay(pid)` = ⌊10^18 ÷ Natura.getNaturaPrice()⌋ × ⌊pool cost ÷ 365⌋ Natura wei per
/// *whole* day (86,400 s) since `vault.timestamp`, at the rate of the moment it is paid. A claim (and
/// the claim inside unstake) pays the whole days and sets `vault.timestamp` to the claim block's
/// time: the unfinished day is forfeited. Rewards are pulled from the owner's wallet with
/// `transferFrom(owner → staker)`, so a short owner allowance or balance makes claim and unstake
/// revert with Natura's "ERC20: insufficient allowance" / "ERC20: transfer amount exceeds balance".
contract TerraStaking is Ownable, ReentrancyGuard, IERC721Receiver {

    struct PoolInfo {
        address nftAddress;
        uint256 cost;
        uint256 totalSupply;
    }

    struct Stake {
        uint24 tokenId;
        address owner;
        bool initialized;
        uint256 timestamp;
    }

    uint256 public constant DAY = 86_400;

    IERC20 public immutable rewardToken;

    PoolInfo[] public poolInfo;
    /// @notice pid => tokenId => stake record.
    mapping(uint256 => mapping(uint24 => Stake)) public vault;
    uint256 public totalRewardsClaimed;
    /// @notice Number of NFTs currently staked across all pools.
    uint256 public totalStaked;

    mapping(uint256 => uint256) private poolStakedCount;
    mapping(uint256 => mapping(address => uint256[])) private stakedTokens;
    /// @dev pid => tokenId => position in stakedTokens[pid][owner] plus one.
    mapping(uint256 => mapping(uint256 => uint256)) private stakedPosition;
    mapping(address => bool) private isPoolNft;

    event NFTStaked(address indexed nftAddress, address indexed owner, uint256 indexed tokenId, uint256 value);
    event NFTUnstaked(address indexed nftAddress, address indexed owner, uint256 indexed tokenId, uint256 value);
    event Claimed(address indexed owner, uint256 amount);

    constructor(address _reward_token) Ownable(msg.sender) {
        require(_reward_token != address(0), "Staking: zero reward token");
        rewardToken = IERC20(_reward_token);
    }

    receive() external payable {}

    // --- administration -------------------------------------------------------------------

    /// @notice Adds a pool; `_cost` is the collection's market price in USDT base units.
    function add(address _nftAddress, uint256 _cost, uint256 _totalSupply) external onlyOwner {
        require(_nftAddress != address(0), "Staking: zero NFT address");
        require(!isPoolNft[_nftAddress], "Staking: pool already exists");
        isPoolNft[_nftAddress] = true;
        poolInfo.push(PoolInfo(_nftAddress, _cost, _totalSupply));
    }

    function set(uint256 _pid, uint256 _cost) external onlyOwner {
        require(_pid < poolInfo.length, "Staking: invalid pool");
        poolInfo[_pid].cost = _cost;
    }

    // --- user actions ---------------------------------------------------------------------

    /// @notice Stakes `_tokenIds[i]` of pool `_pids[i]`; each token must be approved to this contract.
    function stake(uint256[] calldata _pids, uint24[] calldata _tokenIds) external nonReentrant {
        _checkArrays(_pids, _tokenIds);
        for (uint256 i = 0; i < _pids.length; i++) {
            uint256 pid = _pids[i];
            uint24 tokenId = _tokenIds[i];
            require(pid < poolInfo.length, "Staking: invalid pool");
            IERC721 nft = IERC721(poolInfo[pid].nftAddress);
            require(nft.ownerOf(tokenId) == msg.sender, "Staking: caller is not the token owner");
            require(
                nft.getApproved(tokenId) == address(this) || nft.isApprovedForAll(msg.sender, address(this)),
                "Staking: staking contract not approved for token"
            );

            vault[pid][tokenId] = Stake(tokenId, msg.sender, true, block.timestamp);
            stakedTokens[pid][msg.sender].push(tokenId);
            stakedPosition[pid][tokenId] = stakedTokens[pid][msg.sender].length;
            poolStakedCount[pid] += 1;
            totalStaked += 1;

            nft.transferFrom(msg.sender, address(this), tokenId);
            emit NFTStaked(address(nft), msg.sender, tokenId, block.timestamp);
        }
    }

    /// @notice Pays the whole days accrued by each listed token (caller must be its staker) and
    /// restarts each token's day count at this block.
    function claimRewards(uint256[] calldata _pids, uint24[] calldata _tokenIds) external nonReentrant {
        _checkArrays(_pids, _tokenIds);
        uint256 total;
        for (uint256 i = 0; i < _pids.length; i++) {
            total += _settle(_pids[i], _tokenIds[i]);
        }
        _payout(total);
        emit Claimed(msg.sender, total);
    }

    /// @notice Unstakes the listed tokens (caller must be the staker): first the claim of every
    /// token at today's rate (pulled from the owner, so a short allowance reverts the unstake too),
    /// then the NFTs go back.
    function _unstakeMany(uint256[] calldata _pids, uint24[] calldata _tokenIds) external nonReentrant {
        _checkArrays(_pids, _tokenIds);
        uint256 total;
        for (uint256 i = 0; i < _pids.length; i++) {
            total += _settle(_pids[i], _tokenIds[i]);
        }
        _payout(total);
        if (total > 0) emit Claimed(msg.sender, total);
        for (uint256 i = 0; i < _pids.length; i++) {
            uint256 pid = _pids[i];
            uint24 tokenId = _tokenIds[i];
            delete vault[pid][tokenId];
            _removeStaked(pid, msg.sender, tokenId);
            poolStakedCount[pid] -= 1;
            totalStaked -= 1;

            address nftAddress = poolInfo[pid].nftAddress;
            IERC721(nftAddress).transferFrom(address(this), msg.sender, tokenId);
            emit NFTUnstaked(nftAddress, msg.sender, tokenId, block.timestamp);
        }
    }

    // --- reads -----------------------------------------------------------------------------

    function poolLength() external view returns (uint256) {
        return poolInfo.length;
    }

    /// @notice Natura wei per staked NFT per day at today's Natura price.
    function getRewardsPerDay(uint256 _pid) public view returns (uint256) {
        require(_pid < poolInfo.length, "Staking: invalid pool");
        return (1e18 / INaturaPrice(address(rewardToken)).getNaturaPrice()) * (poolInfo[_pid].cost / 365);
    }

    /// @notice Local-stack addition: Natura wei a claim would pay now for a staked token (0 if not staked).
    function pendingRewards(uint256 _pid, uint24 _tokenId) external view returns (uint256) {
        Stake storage s = vault[_pid][_tokenId];
        if (!s.initialized) return 0;
        return ((block.timestamp - s.timestamp) / DAY) * getRewardsPerDay(_pid);
    }

    function balanceOf(uint256 _pid, address _account) external view returns (uint256) {
        return stakedTokens[_pid][_account].length;
    }

    /// @notice Staked count of `account` per pool, indexed by pid.
    function totalbalanceOf(address account) external view returns (uint256[] memory) {
        uint256[] memory balances = new uint256[](poolInfo.length);
        for (uint256 pid = 0; pid < poolInfo.length; pid++) {
            balances[pid] = stakedTokens[pid][account].length;
        }
        return balances;
    }

    function getUserStakedTokens(uint256 _pid, address _account) external view returns (uint256[] memory) {
        return stakedTokens[_pid][_account];
    }

    /// @notice Sum over pools of (staked NFTs × pool cost), in USDT base units.
    function totNftPrice() external view returns (uint256 total) {
        for (uint256 pid = 0; pid < poolInfo.length; pid++) {
            total += poolStakedCount[pid] * poolInfo[pid].cost;
        }
    }

    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return IERC721Receiver.onERC721Received.selector;
    }

    // --- internals -------------------------------------------------------------------------

    function _checkArrays(uint256[] calldata _pids, uint24[] calldata _tokenIds) private pure {
        require(_pids.length == _tokenIds.length, "Staking: pids and tokenIds length mismatch");
        require(_pids.length > 0, "Staking: no tokens given");
    }

    /// @dev Returns the whole-day reward of one token at today's rate and restarts its day count
    /// at this block (the unfinished day is forfeited).
    function _settle(uint256 pid, uint24 tokenId) private returns (uint256 reward) {
        require(pid < poolInfo.length, "Staking: invalid pool");
        Stake storage s = vault[pid][tokenId];
        require(s.initialized, "Staking: token is not staked");
        require(s.owner == msg.sender, "Staking: caller is not the staker");
        reward = ((block.timestamp - s.timestamp) / DAY) * getRewardsPerDay(pid);
        s.timestamp = block.timestamp;
    }

    /// @dev Pulls the rewards from the owner's wallet; Natura's own reason strings bubble up.
    function _payout(uint256 amount) private {
        if (amount == 0) return;
        totalRewardsClaimed += amount;
        require(rewardToken.transferFrom(owner(), msg.sender, amount), "Staking: reward transfer failed");
    }

    function _removeStaked(uint256 pid, address account, uint256 tokenId) private {
        uint256[] storage list = stakedTokens[pid][account];
        uint256 index = stakedPosition[pid][tokenId] - 1;
        uint256 last = list[list.length - 1];
        list[index] = last;
        stakedPosition[pid][last] = index + 1;
        list.pop();
        delete stakedPosition[pid][tokenId];
    }
}

/// @title Read-only helper over TerraStaking (§3 D, §9.2).
contract TerraStakingHelper {
    TerraStaking public immutable staking;

    constructor(address payable _staking) {
        require(_staking != address(0), "StakingHelper: zero staking address");
        staking = TerraStaking(_staking);
    }

    /// @notice Ids 1 … `poolInfo(pid).totalSupply` whose vault owner is `_account`, one external
    /// `vault` read per id (≈ 8,000 gas each): an id above `totalSupply` is never returned, and a
    /// large pool can exceed a node's `eth_call` gas cap.
    function getUserStakedTokens(uint256 _pid, address _account) external view returns (uint256[] memory) {
        (, , uint256 supply) = staking.poolInfo(_pid);
        uint256[] memory found = new uint256[](supply);
        uint256 count;
        for (uint256 id = 1; id <= supply; id++) {
            (, address owner, , ) = staking.vault(_pid, uint24(id));
            if (owner == _account) found[count++] = id;
        }
        uint256[] memory ids = new uint256[](count);
        for (uint256 i = 0; i < count; i++) ids[i] = found[i];
        return ids;
    }

    function balanceOf(uint256 _pid, address _account) external view returns (uint256) {
        return staking.balanceOf(_pid, _account);
    }
}
