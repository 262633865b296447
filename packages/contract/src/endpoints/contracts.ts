// Endpoints of Leveraged contract positions: features/trading (issue 5). Exported from endpoints/index.ts.
export {};
