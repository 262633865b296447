// Endpoints of features/funding (issue 'Money core'). Exported from endpoints/index.ts.
export {};
