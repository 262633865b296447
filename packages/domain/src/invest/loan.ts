// Filled in by the loan work of issue 13.
export {};
