// Filled in by the allocation work of issue 13.
export {};
