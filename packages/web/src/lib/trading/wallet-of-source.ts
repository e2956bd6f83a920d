/** The wallet an asset source trades from: the contract's pricing module decides it for server and web alike. */
export { walletOfSource } from '@tradewind/contract';
