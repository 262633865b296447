// Endpoints of Coin-to-coin orders, depth and trades: features/bibi (issue 6). Exported from endpoints/index.ts.
export {};
