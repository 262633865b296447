// Endpoints of Spot orders and holdings: features/trading (issue 5). Exported from endpoints/index.ts.
export {};
