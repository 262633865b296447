// Endpoints of features/wallet (issue 'Money core'). Exported from endpoints/index.ts.
export {};
