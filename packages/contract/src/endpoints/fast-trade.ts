// Endpoints of Fast trades: features/fast-trade (issue 5). fastTradeOrderOptions/list lives in launch.ts. Exported from endpoints/index.ts.
export {};
